import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { dateTime, number } from '#shared/format.ts';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Session } from '#shared/schemas/auth.ts';
import type { PaymentPackage } from '#shared/schemas/payment.ts';
import { api } from '../../lib/api.ts';
import { sessionEnded, showProgress, showResult } from '../../lib/dialogs.ts';
import { Loading, LoginPrompt, SectionHeader } from './AccountStates.tsx';
import { money } from './money.ts';
import { useSession } from './hooks.ts';
import './account.css';
import './wallet.css';

const TITLE = 'Credit balance';

/** Credit balance: the balance card, voucher redemption and the credit packages to buy. */
export default function CreditBalance() {
  const session = useSession();
  const [unauthorized, setUnauthorized] = useState(false);
  const onUnauthorized = useCallback(() => setUnauthorized(true), []);
  const loginPrompt = <LoginPrompt message={messages.wallet.balanceLoginPrompt} />;
  let body;
  if (session === undefined) body = <Loading message={messages.common.loading} />;
  else if (session === null || unauthorized) body = loginPrompt;
  else body = <Wallet session={session} onUnauthorized={onUnauthorized} />;
  return (
    <>
      <SectionHeader title={TITLE} />
      {body}
    </>
  );
}

interface WalletProps {
  session: Session;
  onUnauthorized: () => void;
}

function Wallet({ session, onUnauthorized }: WalletProps) {
  const [balance, setBalance] = useState<number | null>(null);
  const [refreshedAt, setRefreshedAt] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const loadBalance = useCallback(
    async (quiet = false) => {
      setRefreshing(true);
      const res = await api.call((r) =>
        r.user.balance[':id'].$get({ param: { id: String(session.userId) } }),
      );
      setRefreshing(false);
      if (res.status === 401) return onUnauthorized();
      if (res.code !== 0) {
        if (quiet) return console.error('balance', res.message);
        return showResult(false, res.message);
      }
      setBalance(res.data.balance);
      setRefreshedAt(new Date().toISOString());
    },
    [session.userId, onUnauthorized],
  );

  useEffect(() => {
    void loadBalance();
    // Coming back to the tab (after paying in another one, say) shows the current balance.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void loadBalance(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [loadBalance]);

  return (
    <div className="wallet">
      <section className="panel balance-card" aria-labelledby="balance-title">
        <div>
          <h2 id="balance-title">Current balance</h2>
          <p className="balance-card__amount" aria-live="polite">
            {balance === null ? '…' : number(balance)} <small>credits</small>
          </p>
          {refreshedAt && (
            <p className="balance-card__refreshed">
              Last refreshed <time dateTime={refreshedAt}>{dateTime(refreshedAt)}</time>
            </p>
          )}
        </div>
        <button
          className="icon-button"
          type="button"
          aria-label="Refresh balance"
          disabled={refreshing}
          onClick={() => void loadBalance()}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35Z" />
          </svg>
        </button>
      </section>
      <Redeem userId={session.userId} onRedeemed={() => void loadBalance()} />
      <TopUp userId={session.userId} onUnauthorized={onUnauthorized} />
    </div>
  );
}

function Redeem({ userId, onRedeemed }: { userId: number; onRedeemed: () => void }) {
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed.length < limits.voucherCodeMin) return showResult(false, messages.voucher.invalid);
    setSending(true);
    const res = await api.call((r) => r.voucher.redeem.$post({ json: { userId, code: trimmed } }));
    setSending(false);
    if (sessionEnded(res)) return;
    if (res.code !== 0) return showResult(false, res.message);
    setCode('');
    // The spec's order: the balance reloads once the success dialog is closed.
    await showResult(true, messages.voucher.redeemed);
    onRedeemed();
  }

  return (
    <section className="panel redeem" aria-labelledby="redeem-title">
      <h2 id="redeem-title">Redeem credit</h2>
      <p>
        Got a voucher code? Enter it here and its credits are added to your balance straight away.
        Each code can be redeemed once per account.
      </p>
      <form className="redeem__form" noValidate onSubmit={(e) => void submit(e)}>
        <label className="field">
          Code
          <input
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <button className="button" type="submit" disabled={sending}>
          Redeem credit
        </button>
      </form>
    </section>
  );
}

function TopUp({ userId, onUnauthorized }: { userId: number; onUnauthorized: () => void }) {
  const [packages, setPackages] = useState<PaymentPackage[] | null>(null);

  useEffect(() => {
    void api
      .call((r) => r.payment.packages.$get())
      .then((res) => {
        if (res.status === 401) return onUnauthorized();
        if (res.code !== 0) return showResult(false, res.message);
        setPackages(res.data);
      });
  }, [onUnauthorized]);

  async function buy(pack: PaymentPackage) {
    const done = showProgress(messages.common.loading);
    const res = await api.call((r) =>
      r.payment.create.$post({ json: { userId, paymentId: pack.id } }),
    );
    if (res.code !== 0) {
      done();
      if (sessionEnded(res)) return;
      return showResult(false, res.message);
    }
    // The provider's checkout page; it comes back to /payment/success.
    location.href = res.data.redirectUrl;
  }

  return (
    <section className="top-up" aria-labelledby="top-up-title">
      <h2 id="top-up-title">Top up credit</h2>
      <p>Choose a package to pay for it by card. The credits are added once the payment is done.</p>
      {packages === null ? (
        <Loading message={messages.common.loading} />
      ) : (
        <ul className="packages">
          {packages.map((pack) => (
            <li key={pack.id}>
              <button className="package" type="button" onClick={() => void buy(pack)}>
                <span className="package__name">{pack.name}</span>
                <span className="package__credits">{number(pack.credits)} credits</span>
                <span className="package__price">{money(pack.amount, pack.currencySymbol)}</span>
                <span className="package__cta" aria-hidden="true">
                  Buy now ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
