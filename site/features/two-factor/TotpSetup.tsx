import type { TwoFactorSetup } from '#shared/schemas/two-factor.ts';
import './two-factor.css';

/** The QR code to scan with an authenticator app, and the secret to type in instead. */
export function TotpSetup({ setup }: { setup: TwoFactorSetup }) {
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <div className="two-factor__setup">
      <p>
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
        Authenticator or 1Password).
      </p>
      <img
        className="two-factor__qr"
        src={setup.qrCode}
        width={200}
        height={200}
        alt="QR code to add Spotted to your authenticator app"
      />
      <p>Can&apos;t scan it? Enter this key in the app instead.</p>
      <label className="field two-factor__secret">
        <span>Setup key</span>
        <input readOnly value={grouped} spellCheck={false} onFocus={(e) => e.target.select()} />
      </label>
    </div>
  );
}
