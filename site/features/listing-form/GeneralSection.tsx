import { limits } from '#shared/limits.ts';
import type { MileageUnit } from '#shared/mileage.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import {
  Counter,
  FieldError,
  NumberField,
  Section,
  SelectField,
  useFieldError,
} from './fields.tsx';
import { isElectric, type FormValues } from './form-values.ts';
import type { SetField } from './form-types.ts';
import type { ListingReference } from './reference.ts';
import { listingFields } from '#shared/schemas/listing-fields.ts';
import MileageUnitSwitch from '../mileage/MileageUnitSwitch.tsx';
import { sections } from './texts.ts';

interface Props {
  values: FormValues;
  set: SetField;
  reference: ListingReference;
  models: readonly Named[];
  onMake: (brand: number | null) => void;
  /** The unit the mileage is typed in, and its switch. */
  unit: MileageUnit;
  onUnit: (unit: MileageUnit) => void;
}

/** Make, model, header and the technical data; electric cars swap engine size for battery data. */
export function GeneralSection({ values, set, reference, models, onMake, unit, onUnit }: Props) {
  const e = reference.enumerables;
  const electric = isElectric(values);
  const { carMinimumYear: min, carMaximumYear: max } = reference.config;
  const titleError = useFieldError('lf-title', 'lf-title-count');
  const yearError = useFieldError('lf-year');
  return (
    <Section id="lf-general" title={sections.general}>
      <div className="lf-grid">
        <SelectField
          id="lf-brand"
          label={listingFields.brand.label}
          options={reference.brands}
          value={values.brand}
          onChange={onMake}
        />
        <SelectField
          id="lf-model"
          label={listingFields.model.label}
          options={models}
          value={values.model}
          onChange={(v) => set('model', v)}
          disabled={!values.brand}
          placeholder={values.brand ? 'Select model' : 'Select make first'}
        />
        <div className="field lf-grid__wide">
          <label htmlFor="lf-title">{listingFields.title.label}</label>
          <input
            id="lf-title"
            type="text"
            maxLength={limits.titleMax}
            value={values.title}
            placeholder="e.g. 1.3 automatic, one owner, full service history"
            onChange={(ev) => set('title', ev.target.value)}
            {...titleError.attributes}
          />
          <Counter id="lf-title-count" length={values.title.length} max={limits.titleMax} />
          <FieldError id="lf-title" message={titleError.message} />
        </div>
        <SelectField
          id="lf-body"
          label={listingFields.body.label}
          options={e.bodies}
          value={values.body}
          onChange={(v) => set('body', v)}
        />
        <SelectField
          id="lf-fuel"
          label={listingFields.fuel.label}
          options={e.fuels}
          value={values.fuel}
          onChange={(v) => set('fuel', v)}
        />
        <SelectField
          id="lf-doorNumber"
          label={listingFields.doorNumber.label}
          options={e.doorsNumber}
          value={values.doorNumber}
          onChange={(v) => set('doorNumber', v)}
        />
        <SelectField
          id="lf-transmission"
          label={listingFields.transmission.label}
          options={e.transmissions}
          value={values.transmission}
          onChange={(v) => set('transmission', v)}
        />
        {!electric && (
          <SelectField
            id="lf-driveTrain"
            label={listingFields.driveTrain.label}
            options={e.driveTrains}
            value={values.driveTrain}
            onChange={(v) => set('driveTrain', v)}
          />
        )}
        <div className="field">
          <label htmlFor="lf-year">{listingFields.year.label}</label>
          <input
            id="lf-year"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            placeholder={`${min} - ${max}`}
            value={values.year}
            onChange={(ev) => set('year', ev.target.value.replace(/\D/g, ''))}
            {...yearError.attributes}
          />
          <FieldError id="lf-year" message={yearError.message} />
        </div>
        <div className="lf-mileage">
          <NumberField
            id="lf-millage"
            label={listingFields.millage.label}
            unit={unit}
            value={values.millage}
            onChange={(v) => set('millage', v)}
          />
          <MileageUnitSwitch unit={unit} onChange={onUnit} />
        </div>
        {electric ? (
          <>
            <NumberField
              id="lf-batteryCapacity"
              label={listingFields.batteryCapacity.label}
              unit={listingFields.batteryCapacity.unit}
              decimal
              maxLength={6}
              value={values.batteryCapacity}
              onChange={(v) => set('batteryCapacity', v)}
            />
            <NumberField
              id="lf-batteryRange"
              label={listingFields.batteryRange.label}
              unit={listingFields.batteryRange.unit}
              maxLength={4}
              value={values.batteryRange}
              onChange={(v) => set('batteryRange', v)}
            />
            <SelectField
              id="lf-chargerType"
              label={listingFields.chargerType.label}
              options={e.chargerTypes}
              value={values.chargerType}
              onChange={(v) => set('chargerType', v)}
            />
          </>
        ) : (
          <NumberField
            id="lf-cubics"
            label={listingFields.cubics.label}
            unit={listingFields.cubics.unit}
            maxLength={5}
            value={values.cubics}
            onChange={(v) => set('cubics', v)}
          />
        )}
        <NumberField
          id="lf-power"
          label={listingFields.power.label}
          unit={listingFields.power.unit}
          maxLength={4}
          value={values.power}
          onChange={(v) => set('power', v)}
        />
      </div>
    </Section>
  );
}
