import { useId } from 'react';
import './two-factor.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Whether a recovery code is accepted too (not when confirming a new secret). */
  recovery: boolean;
}

/** The field for a code of the authenticator app or, where accepted, a recovery code. */
export function CodeField({ value, onChange, recovery }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Code</label>
      <input
        id={id}
        name="code"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={32}
        aria-describedby={`${id}-hint`}
      />
      <p className="two-factor__hint" id={`${id}-hint`}>
        {recovery
          ? 'The 6-digit code from your authenticator app, or one of your recovery codes.'
          : 'The 6-digit code your authenticator app shows for Spotted.'}
      </p>
    </div>
  );
}
