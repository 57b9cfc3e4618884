import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTypedEarly } from '../../lib/typed-early.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'>;

interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown before the input and not part of the value (+356, C, MT). */
  prefix?: string;
  /** Words after the label, such as '(optional)'. */
  hint?: string;
  /** An action beside the input (show password, remove phone). */
  action?: ReactNode;
  /** The rule the value breaks, shown under the field. */
  error?: string;
}

/** A labelled input; the form checks the rules on submit, in the spec's order. */
export function TextField({
  label,
  value,
  onChange,
  prefix,
  hint,
  action,
  error,
  ...input
}: TextFieldProps) {
  const id = useId();
  const field = useTypedEarly<HTMLInputElement>(value, onChange);
  const describedBy = [prefix && `${id}-prefix`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field auth-field">
      <label htmlFor={id}>
        {label}
        {hint && <span className="auth-field__hint"> {hint}</span>}
      </label>
      <div className={prefix || action ? 'auth-input auth-input--group' : 'auth-input'}>
        {prefix && (
          <span className="auth-input__prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          ref={field}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          {...input}
        />
        {action}
      </div>
      {prefix && (
        <span id={`${id}-prefix`} className="visually-hidden">
          Prefix {prefix}
        </span>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A broken rule's message under its field (`id` is the field's). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}

/** A password input with a Show / Hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'action'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      action={
        <button type="button" className="auth-input__action" onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {props.label.toLowerCase()}</span>
        </button>
      }
    />
  );
}
