import { createContext, useContext, type ReactNode } from 'react';
import type { Named } from '#shared/schemas/catalog.ts';
import { lowerFirst } from '#shared/schemas/listing-fields.ts';

/** The broken rules' messages by the id of the control each is about (see controlOf). */
export const FieldErrors = createContext<ReadonlyMap<string, string>>(new Map());

/**
 * The message of a broken rule about control `id` and the attributes that tie it to the control;
 * `describedBy` are the control's other descriptions.
 */
export function useFieldError(id: string, ...describedBy: string[]) {
  const message = useContext(FieldErrors).get(id);
  const ids = [...describedBy, ...(message ? [`${id}-error`] : [])].join(' ');
  return {
    message,
    attributes: {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': ids || undefined,
    },
  };
}

/** A broken rule's message under its control. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}

/** One section of the form: a panel with its heading, labelled by it. */
export function Section(props: { id: string; title: string; children: ReactNode; note?: string }) {
  return (
    <section className="panel lf-section" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`} className="lf-section__title">
        {props.title}
      </h2>
      {props.note && <p className="lf-note">{props.note}</p>}
      {props.children}
    </section>
  );
}

interface SelectProps {
  id: string;
  label: string;
  options: readonly Named[];
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** A native select of named ids; the empty first option means nothing is chosen. */
export function SelectField({
  id,
  label,
  options,
  value,
  onChange,
  disabled,
  placeholder,
}: SelectProps) {
  const error = useFieldError(id);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        {...error.attributes}
      >
        <option value="">{placeholder ?? `Select ${lowerFirst(label)}`}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <FieldError id={id} message={error.message} />
    </div>
  );
}

interface NumberProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit?: string;
  prefix?: string;
  decimal?: boolean;
  maxLength?: number;
}

/**
 * A number typed as text (no spinner, no wheel changes): only digits, and one decimal point where
 * `decimal` allows it. The unit or currency is shown inside the box.
 */
export function NumberField({
  id,
  label,
  value,
  onChange,
  unit,
  prefix,
  decimal,
  maxLength = 9,
}: NumberProps) {
  const clean = (raw: string) => {
    const digits = raw.replace(decimal ? /[^\d.]/g : /\D/g, '');
    if (!decimal) return digits;
    const [whole = '', ...rest] = digits.split('.');
    return rest.length ? `${whole}.${rest.join('')}` : whole;
  };
  const error = useFieldError(id);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {(unit ?? prefix) && <span className="visually-hidden"> ({unit ?? prefix})</span>}
      </label>
      <div className="lf-affix">
        {prefix && (
          <span className="lf-affix__text" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          type="text"
          inputMode={decimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          maxLength={maxLength}
          value={value}
          onChange={(e) => onChange(clean(e.target.value))}
          {...error.attributes}
        />
        {unit && (
          <span className="lf-affix__text" aria-hidden="true">
            {unit}
          </span>
        )}
      </div>
      <FieldError id={id} message={error.message} />
    </div>
  );
}

interface CheckProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckField({ id, label, checked, onChange }: CheckProps) {
  const error = useFieldError(id);
  return (
    <>
      <label className="lf-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          {...error.attributes}
        />
        <span>{label}</span>
      </label>
      <FieldError id={id} message={error.message} />
    </>
  );
}

/** A character counter tied to its field by aria-describedby. */
export function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className="lf-counter">
      {length} / {max}
    </span>
  );
}
