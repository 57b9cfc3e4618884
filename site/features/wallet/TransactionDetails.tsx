import { dateTime } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import type { Transaction } from '#shared/schemas/payment.ts';
import { api } from '../../lib/api.ts';
import { withProgress } from '../../lib/dialogs.ts';
import { money } from './money.ts';
import { describeTransaction, statusLabels } from './transactions.ts';

/** Re-checks a 'Created' top-up with the payment provider; resolves when the dialog is closed. */
export async function checkTransaction(id: number) {
  await withProgress(
    messages.wallet.checking,
    () => api.call((r) => r.payment.transaction.check[':id'].$post({ param: { id: String(id) } })),
    messages.wallet.processed,
  );
}

interface Props {
  transaction: Transaction;
  /** Called after a check, so the caller reloads what it shows. */
  onChecked: () => void;
  headingLevel?: 'h2' | 'h3';
}

/** Everything about one transaction: the sticky panel on desktop, its own route on mobile. */
export default function TransactionDetails({
  transaction: t,
  onChecked,
  headingLevel: Heading = 'h2',
}: Props) {
  const view = describeTransaction(t);
  return (
    <article className="transaction-details" aria-labelledby={`transaction-${t.id}`}>
      <Heading id={`transaction-${t.id}`} className="transaction-details__title">
        {view.label}
      </Heading>
      <p className={`transaction-details__balance tone--${view.tone}`}>{view.balance}</p>
      <dl className="details-list">
        {view.status && (
          <>
            <dt>Status</dt>
            <dd>{statusLabels[view.status]}</dd>
          </>
        )}
        {t.packageName && (
          <>
            <dt>Package</dt>
            <dd>{t.packageName}</dd>
          </>
        )}
        {t.packageDescription && (
          <>
            <dt>Description</dt>
            <dd>{t.packageDescription}</dd>
          </>
        )}
        {t.typeId === 1 && t.amount !== null && (
          <>
            <dt>Amount</dt>
            <dd>{money(t.amount, t.currencySymbol)}</dd>
          </>
        )}
        {t.listingId !== null && t.listingTitle && (
          <>
            <dt>Listing</dt>
            <dd>
              <a href={`/car/${t.listingId}`}>{t.listingTitle}</a>
            </dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{dateTime(t.date)}</dd>
        <dt>Reference</dt>
        <dd>#{t.id}</dd>
      </dl>
      {view.canCheck && (
        <button
          className="button transaction-details__check"
          type="button"
          onClick={() => void checkTransaction(t.id).then(onChecked)}
        >
          Check transaction
        </button>
      )}
    </article>
  );
}
