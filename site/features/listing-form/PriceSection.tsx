import { CheckField, NumberField, Section } from './fields.tsx';
import type { FormValues } from './form-values.ts';
import type { SetField } from './form-types.ts';
import { listingFields } from '#shared/schemas/listing-fields.ts';
import { sections } from './texts.ts';

/** The price in the configured currency and how it is paid. */
export function PriceSection(props: { values: FormValues; set: SetField; currency: string }) {
  const { values, set, currency } = props;
  return (
    <Section id="lf-price-section" title={sections.price}>
      <div className="lf-grid">
        <NumberField
          id="lf-price"
          label={listingFields.price.label}
          prefix={currency}
          value={values.price}
          onChange={(v) => set('price', v)}
        />
      </div>
      <div className="lf-checks">
        <CheckField
          id="lf-isFixedPrice"
          label={listingFields.isFixedPrice.label}
          checked={values.isFixedPrice}
          onChange={(v) => set('isFixedPrice', v)}
        />
        <CheckField
          id="lf-isDirectFinanceAvailable"
          label={listingFields.isDirectFinanceAvailable.label}
          checked={values.isDirectFinanceAvailable}
          onChange={(v) => set('isDirectFinanceAvailable', v)}
        />
      </div>
    </Section>
  );
}
