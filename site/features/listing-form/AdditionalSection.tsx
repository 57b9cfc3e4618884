import { useMemo } from 'react';
import { CheckField, FieldError, Section, SelectField, useFieldError } from './fields.tsx';
import type { FormValues } from './form-values.ts';
import type { SetField } from './form-types.ts';
import type { ListingReference } from './reference.ts';
import { registrationChoices } from './registration.ts';
import { listingFields } from '#shared/schemas/listing-fields.ts';
import { sections } from './texts.ts';

const NOT_CHOSEN = '';
const NONE = 'none';

interface Props {
  values: FormValues;
  set: SetField;
  reference: ListingReference;
  /** The registration a listing had when the form loaded (kept as a choice). */
  storedRegistration: string | null;
}

/** Emission, steering, AC, origin, color, registration expiry, chassis number and two flags. */
export function AdditionalSection({ values, set, reference, storedRegistration }: Props) {
  const e = reference.enumerables;
  const choices = useMemo(
    () => registrationChoices(new Date(), storedRegistration),
    [storedRegistration],
  );
  const registration =
    values.registrationExpiration === undefined
      ? NOT_CHOSEN
      : (values.registrationExpiration ?? NONE);
  const registrationError = useFieldError('lf-registrationExpiration');
  return (
    <Section id="lf-additional" title={sections.additional}>
      <div className="lf-grid">
        <SelectField
          id="lf-emissionClass"
          label={listingFields.emissionClass.label}
          options={e.emissionClasses}
          value={values.emissionClass}
          onChange={(v) => set('emissionClass', v)}
        />
        <SelectField
          id="lf-steeringWheelSide"
          label={listingFields.steeringWheelSide.label}
          options={e.steeringWheelSides}
          value={values.steeringWheelSide}
          onChange={(v) => set('steeringWheelSide', v)}
        />
        <SelectField
          id="lf-acType"
          label={listingFields.acType.label}
          options={e.acTypes}
          value={values.acType}
          onChange={(v) => set('acType', v)}
        />
        <SelectField
          id="lf-origin"
          label={listingFields.origin.label}
          options={e.origins}
          value={values.origin}
          onChange={(v) => set('origin', v)}
        />
        <SelectField
          id="lf-carColor"
          label={listingFields.carColor.label}
          options={e.colors}
          value={values.carColor}
          onChange={(v) => set('carColor', v)}
        />
        <div className="field">
          <label htmlFor="lf-registrationExpiration">
            {listingFields.registrationExpiration.label}
          </label>
          <select
            id="lf-registrationExpiration"
            value={registration}
            onChange={(ev) => {
              const v = ev.target.value;
              set('registrationExpiration', v === NOT_CHOSEN ? undefined : v === NONE ? null : v);
            }}
            {...registrationError.attributes}
          >
            <option value={NOT_CHOSEN} disabled>
              Select registration expiration
            </option>
            {choices.map((c) => (
              <option key={c.value ?? NONE} value={c.value ?? NONE}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="lf-registrationExpiration" message={registrationError.message} />
        </div>
        <div className="field">
          <label htmlFor="lf-chassisNumber">{listingFields.chassisNumber.label}</label>
          <input
            id="lf-chassisNumber"
            type="text"
            maxLength={30}
            autoComplete="off"
            spellCheck={false}
            value={values.chassisNumber}
            onChange={(ev) => set('chassisNumber', ev.target.value)}
          />
        </div>
      </div>
      <div className="lf-checks">
        <CheckField
          id="lf-isFirstOwner"
          label={listingFields.isFirstOwner.label}
          checked={values.isFirstOwner}
          onChange={(v) => set('isFirstOwner', v)}
        />
        <CheckField
          id="lf-isRedPlate"
          label={listingFields.isRedPlate.label}
          checked={values.isRedPlate}
          onChange={(v) => set('isRedPlate', v)}
        />
      </div>
    </Section>
  );
}
