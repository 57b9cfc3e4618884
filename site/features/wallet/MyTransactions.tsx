import { useCallback, useState, type ReactNode } from 'react';
import type { ApiResult } from '#shared/api/client.ts';
import { dateTime } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import type { Transaction } from '#shared/schemas/payment.ts';
import { api } from '../../lib/api.ts';
import {
  AccountScreen,
  DetailRoute,
  EmptyState,
  Loading,
  LoginPrompt,
  SectionHeader,
} from './AccountStates.tsx';
import TransactionDetails from './TransactionDetails.tsx';
import { describeTransaction } from './transactions.ts';
import { useLoad } from './hooks.ts';
import './account.css';
import './wallet.css';

const m = messages.wallet;
const TITLE = 'My transactions';
const NONE: Transaction[] = [];

/** The transactions call answers them inside an object. */
const unwrap = (res: ApiResult<{ transactions: Transaction[] }>): ApiResult<Transaction[]> => ({
  ...res,
  data: res.data?.transactions ?? NONE,
});

interface Props {
  /** /my-transactions/{id}: that transaction is selected (desktop) or shown alone (mobile). */
  selectedId?: number | null;
}

/** My transactions: a table with a sticky details panel on desktop, a list of links on mobile. */
export default function MyTransactions({ selectedId = null }: Props) {
  return (
    <AccountScreen
      title={TITLE}
      loading={m.loadingTransactions}
      loginPrompt={m.transactionsLoginPrompt}
    >
      {(session, mobile) =>
        mobile && selectedId ? (
          <TransactionPage id={selectedId} />
        ) : (
          <TransactionList userId={session.userId} selectedId={selectedId} mobile={mobile} />
        )
      }
    </AccountScreen>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionHeader title={TITLE} />
      {children}
    </>
  );
}

function TransactionList({
  userId,
  selectedId,
  mobile,
}: {
  userId: number;
  selectedId: number | null;
  mobile: boolean;
}) {
  const [selected, setSelected] = useState<number | null>(selectedId);
  const fetch = useCallback(
    async () =>
      unwrap(
        await api.call((r) =>
          r.payment.transactions[':userId'].$post({
            param: { userId: String(userId) },
            json: { pageNumber: 1, pageSize: 500 },
          }),
        ),
      ),
    [userId],
  );
  const { load, reload } = useLoad(fetch, NONE);

  if (load.state === 'loading')
    return (
      <Shell>
        <Loading message={m.loadingTransactions} />
      </Shell>
    );
  if (load.state === 'unauthorized')
    return (
      <Shell>
        <LoginPrompt message={m.transactionsLoginPrompt} />
      </Shell>
    );
  const list = load.data;
  if (list.length === 0)
    return (
      <Shell>
        <EmptyState title={m.noTransactionsTitle} text={m.noTransactionsText} />
      </Shell>
    );

  if (mobile)
    return (
      <Shell>
        <ul className="transaction-list panel">
          {list.map((t) => {
            const view = describeTransaction(t);
            return (
              <li key={t.id}>
                <a href={`/my-transactions/${t.id}`}>
                  <span className="transaction-list__main">
                    <strong>{view.label}</strong>
                    {view.detail && <span>{view.detail}</span>}
                    <time dateTime={t.date}>{dateTime(t.date)}</time>
                  </span>
                  <span className={`transaction-list__balance tone--${view.tone}`}>
                    {view.balance}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </Shell>
    );

  const current = list.find((t) => t.id === selected) ?? list[0];
  function choose(id: number) {
    setSelected(id);
    history.replaceState(null, '', `/my-transactions/${id}`);
  }
  return (
    <Shell>
      <div className="transactions">
        <div className="panel transactions__table-wrap">
          <table className="transactions__table">
            <caption className="visually-hidden">Your transactions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">ACTION</th>
                <th scope="col">BALANCE</th>
                <th scope="col">DATE</th>
              </tr>
            </thead>
            <tbody>
              {list.map((t) => {
                const view = describeTransaction(t);
                const isCurrent = t.id === current?.id;
                return (
                  <tr
                    key={t.id}
                    className={isCurrent ? 'is-selected' : undefined}
                    onClick={() => choose(t.id)}
                  >
                    <td>
                      <button
                        type="button"
                        className="transactions__select"
                        aria-pressed={isCurrent}
                        onClick={(e) => {
                          e.stopPropagation();
                          choose(t.id);
                        }}
                      >
                        {view.label}
                      </button>
                      {view.detail && <span className="transactions__detail">{view.detail}</span>}
                    </td>
                    <td className={`transactions__balance tone--${view.tone}`}>{view.balance}</td>
                    <td>
                      <time dateTime={t.date}>{dateTime(t.date)}</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <aside className="panel transactions__details" aria-label="Transaction details">
          {current && (
            <TransactionDetails
              key={current.id}
              transaction={current}
              onChecked={() => void reload()}
            />
          )}
        </aside>
      </div>
    </Shell>
  );
}

/** /my-transactions/{id} on mobile: the one transaction, with a way back to the list. */
function TransactionPage({ id }: { id: number }) {
  const fetch = useCallback(
    () => api.call((r) => r.payment.transaction[':id'].$get({ param: { id: String(id) } })),
    [id],
  );
  const { load, reload } = useLoad(fetch, null);

  return (
    <DetailRoute
      back={{ href: '/my-transactions', title: TITLE }}
      title="Transaction details"
      load={load}
      texts={{
        loading: m.loadingTransactions,
        loginPrompt: m.transactionsLoginPrompt,
        emptyTitle: m.noTransactionsTitle,
        emptyText: m.noTransactionsText,
      }}
    >
      {(transaction) => (
        <div className="panel">
          <TransactionDetails transaction={transaction} onChecked={() => void reload()} />
        </div>
      )}
    </DetailRoute>
  );
}
