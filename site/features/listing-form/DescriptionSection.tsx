import { limits } from '#shared/limits.ts';
import { Counter, Section } from './fields.tsx';
import { listingFields } from '#shared/schemas/listing-fields.ts';
import { sections } from './texts.ts';

/** The free text of the listing; line breaks are kept as typed. */
export function DescriptionSection(props: { value: string; onChange: (value: string) => void }) {
  return (
    <Section id="lf-description-section" title={sections.description}>
      <div className="field">
        <label htmlFor="lf-description" className="visually-hidden">
          {listingFields.description.label}
        </label>
        <textarea
          id="lf-description"
          rows={8}
          maxLength={limits.descriptionMax}
          value={props.value}
          aria-describedby="lf-description-count"
          placeholder="Service history, extras, condition, reason for selling..."
          onChange={(e) => props.onChange(e.target.value)}
        />
        <Counter
          id="lf-description-count"
          length={props.value.length}
          max={limits.descriptionMax}
        />
      </div>
    </Section>
  );
}
