import { useEffect, useState } from 'react';
import { dateTime, number, price } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import { Loading, LoginPrompt, SectionHeader } from '../wallet/AccountStates.tsx';
import { useMobile, useSession } from '../wallet/hooks.ts';
import { feeLabel, type SubscriptionHistory } from './subscriptions.ts';
import '../wallet/account.css';
import './subscriptions.css';

const TITLE = 'Subscription transactions';

type Load =
  | { state: 'loading' }
  | { state: 'unauthorized' }
  | { state: 'failed' }
  | { state: 'ready'; data: SubscriptionHistory };

interface Props {
  carId: number;
  /** The configuration's currency: prices of this screen are shown in it. */
  currency: string;
}

/** The paid promotion periods of one listing: the car on the left, the fees on the right. */
export default function SubscriptionTransactions({ carId, currency }: Props) {
  const session = useSession();
  const mobile = useMobile();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (session === undefined) return;
    if (session === null) return setLoad({ state: 'unauthorized' });
    const param = { carId: String(carId) };
    void api
      .call((r) => r.subscription.history.car[':carId'].$post({ param }))
      .then((res) => {
        if (res.status === 401) return setLoad({ state: 'unauthorized' });
        if (res.code !== 0) {
          setLoad({ state: 'failed' });
          return showResult(false, res.message);
        }
        setLoad({ state: 'ready', data: res.data });
      });
  }, [session, carId]);

  let body;
  if (load.state === 'loading') body = <Loading message={messages.common.loading} />;
  else if (load.state === 'unauthorized')
    body = <LoginPrompt message={messages.subscriptions.historyLoginPrompt} />;
  else if (load.state === 'failed') body = null;
  else {
    const car = load.data;
    const rows = car.history.map((h) => ({
      action: feeLabel(h.listingTypeName),
      amount: `${number(h.credits)} credits`,
      date: h.createdDate,
    }));
    body = (
      <div className="history">
        <section className="panel history__car" aria-labelledby="history-car">
          {car.image ? (
            <img src={car.image} alt={`${car.brand} ${car.model}`} width="480" height="360" />
          ) : (
            <div className="history__placeholder" />
          )}
          <div className="history__car-body">
            <span className="card__make">
              {car.brand} {car.model}
            </span>
            <h2 id="history-car">{car.title}</h2>
            <span className="card__price">{price(car.price, currency)}</span>
          </div>
        </section>
        <section className="panel history__panel" aria-label={TITLE}>
          {rows.length === 0 ? (
            <p className="history__empty">{messages.wallet.noTransactionsTitle}</p>
          ) : mobile ? (
            <ul className="history__list">
              {rows.map((row, i) => (
                <li key={i}>
                  <span>
                    <strong>{row.action}</strong>
                    <time dateTime={row.date}>{dateTime(row.date)}</time>
                  </span>
                  <strong>{row.amount}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <table className="history__table">
              <caption className="visually-hidden">{TITLE}</caption>
              <thead>
                <tr>
                  <th scope="col">ACTION</th>
                  <th scope="col">AMOUNT</th>
                  <th scope="col">DATE</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={i}>
                    <td>{row.action}</td>
                    <td>{row.amount}</td>
                    <td>
                      <time dateTime={row.date}>{dateTime(row.date)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      <a className="back-link" href="/my-subscriptions">
        <span aria-hidden="true">‹</span> My subscriptions
      </a>
      <SectionHeader title={TITLE} />
      {body}
    </>
  );
}
