import { recoveryCodesText } from './two-factor.ts';
import './two-factor.css';

/**
 * The ten recovery codes, shown once: each opens the account once when the authenticator app is
 * not at hand. They can be downloaded as a text file.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesText(codes))}`;
  return (
    <div className="two-factor__codes">
      <h2>Save your recovery codes</h2>
      <p>
        If you lose your phone, each of these codes lets you log in once. Keep them somewhere safe:
        they are shown only now.
      </p>
      <ul aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor__actions">
        <a className="button button--ghost" href={file} download="spotted-recovery-codes.txt">
          Download codes
        </a>
        <button className="button" type="button" onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}
