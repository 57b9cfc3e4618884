import { mileageUnitNames, mileageUnits, type MileageUnit } from '#shared/mileage.ts';
import { rememberMileageUnit } from './rememberMileageUnit.ts';
import './mileage.css';

interface Props {
  unit: MileageUnit;
  /** Called with the chosen unit, once the visitor's choice is remembered. */
  onChange: (unit: MileageUnit) => void;
  /** What the switch changes, for its group's name ('Mileage unit'). */
  label?: string;
}

/** Kilometres or miles beside a mileage box: the choice is the visitor's on every page. */
export default function MileageUnitSwitch({ unit, onChange, label = 'Mileage unit' }: Props) {
  return (
    <div className="mileage-switch" role="group" aria-label={label}>
      {mileageUnits.map((u) => (
        <button
          key={u}
          type="button"
          className="chip"
          aria-pressed={u === unit}
          onClick={() => {
            if (u === unit) return;
            rememberMileageUnit(u);
            onChange(u);
          }}
        >
          {mileageUnitNames[u]}
        </button>
      ))}
    </div>
  );
}
