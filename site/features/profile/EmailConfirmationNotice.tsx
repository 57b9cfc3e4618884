import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import { accountCall } from './useAccountUser.ts';

const t = messages.emailConfirmation;

interface Props {
  onUnauthorized: () => void;
}

/** Shown while the address is unconfirmed: alerts and message e-mails wait for the link. */
export function EmailConfirmationNotice({ onUnauthorized }: Props) {
  async function sendAgain() {
    const done = await accountCall(
      t.sending,
      () => api.call((r) => r.user.email.confirmation.$post()),
      onUnauthorized,
    );
    if (done) await showResult(true, done.data.sent ? t.linkSent : t.alreadyConfirmed);
  }
  return (
    <section className="panel profile-notice" aria-label="E-mail address">
      <p>{t.notice}</p>
      <button className="button" type="button" onClick={() => void sendAgain()}>
        {t.sendAgain}
      </button>
    </section>
  );
}
