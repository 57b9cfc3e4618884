import { useEffect, useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { PublicConfiguration } from '#shared/schemas/configuration.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { readSession } from '#shared/session.ts';
import { useModal } from '../listing/useModal.ts';
import { amountToPay, offeredTypes, priceLabel, toneOf, type ListingType } from './promotion.ts';
import './promotion.css';

export interface PromotionDialogProps {
  carId: number;
  /** The listing's current type: only lower ids are offered (renewal passes 3). */
  listingTypeId: number;
  /** Runs once the dialog has closed, promoted or not. */
  onClose: () => void;
  /** Runs after a successful promotion, once its success message is closed. */
  onPromoted?: () => void;
}

interface Loaded {
  types: ListingType[];
  days: number;
  balance: number | null;
}

let configuration: Promise<PublicConfiguration | null> | null = null;
/** GET configuration, once per page (the spec caches it after the first load). */
function loadConfiguration() {
  configuration ??= api
    .call((r) => r.configuration.$get())
    .then((res) => (res.code === 0 ? res.data : null));
  return configuration;
}

async function loadBalance(): Promise<number | null> {
  const session = readSession();
  if (!session) return null;
  const res = await api.call((r) =>
    r.user.balance[':id'].$get({ param: { id: String(session.userId) } }),
  );
  if (res.code === 0) return res.data.balance;
  console.error('Balance not loaded:', res.message);
  return null;
}

/**
 * The promotion dialog: a radio list of the listing types above the current one with their
 * prices, the terms, the balance, a Top up link when it is not enough, and Promote.
 */
export default function PromotionDialog({
  carId,
  listingTypeId,
  onClose,
  onPromoted,
}: PromotionDialogProps) {
  const ref = useModal(onClose);
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([loadConfiguration(), loadBalance()]).then(([config, balance]) => {
      if (!live) return;
      setLoaded({
        types: config?.listingTypes ?? [],
        days: config?.subscriptionDuration ?? 30,
        balance,
      });
    });
    return () => {
      live = false;
    };
  }, []);

  const types = loaded?.types ?? [];
  const offered = offeredTypes(types, listingTypeId);
  const current = types.find((t) => t.id === listingTypeId);
  const choice = offered.find((t) => t.id === chosen);
  const toPay = choice ? amountToPay(choice, current) : null;
  const shortOf =
    toPay !== null && loaded?.balance !== null && loaded?.balance !== undefined
      ? toPay - loaded.balance
      : 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Like every other rule of the site, in the failure dialog.
    if (!choice) return void showResult(false, messages.promotion.chooseType);
    const done = showProgress(messages.promotion.promoting);
    const res = await api.call((r) =>
      r.car.promote.$post({ json: { carId, listingTypeId: choice.id } }),
    );
    done();
    if (res.code !== 0) {
      await showResult(false, res.message || messages.common.errorOccurred);
      return;
    }
    ref.current?.close();
    await showResult(true, messages.promotion.promoted);
    onPromoted?.();
  };

  return (
    <dialog ref={ref} className="dialog promotion" aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-title`} className="dialog__title">
          Promote listing
        </h2>
        {!loaded ? (
          <div className="promotion__loading">
            <div className="loader" />
            <p>{messages.common.loading}</p>
          </div>
        ) : (
          <>
            <p className="promotion__text">
              Promoted listings appear on top of listing results with a special badge. A{' '}
              {offered.map((t) => t.name).join(' or ') || 'paid'} promotion lasts {loaded.days}{' '}
              days, renews automatically and can be cancelled at any time.
            </p>
            <fieldset className="promotion__types">
              <legend className="visually-hidden">Listing type</legend>
              {offered.map((t) => (
                <label
                  key={t.id}
                  className={`promotion__type promotion__type--${toneOf(types, t.id)}`}
                  data-selected={t.id === chosen || undefined}
                >
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={t.id}
                    checked={t.id === chosen}
                    onChange={() => setChosen(t.id)}
                  />
                  <span className="promotion__name">{t.name}</span>
                  <span className="promotion__price">{priceLabel(t.price)}</span>
                </label>
              ))}
            </fieldset>
            <dl className="promotion__summary">
              {current && (
                <div>
                  <dt>Current listing type</dt>
                  <dd>
                    {current.name} ({priceLabel(current.price)})
                  </dd>
                </div>
              )}
              {toPay !== null && (
                <div>
                  <dt>To pay</dt>
                  <dd>{priceLabel(toPay)}</dd>
                </div>
              )}
              {loaded.balance !== null && (
                <div>
                  <dt>Your balance</dt>
                  <dd>{loaded.balance} credits</dd>
                </div>
              )}
            </dl>
            {shortOf > 0 && (
              <div className="promotion__short" role="status">
                <p>You need {shortOf} more credits for this promotion.</p>
                <a className="button button--ghost" href="/credit-balance">
                  Top up
                </a>
              </div>
            )}
          </>
        )}
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => ref.current?.close()}
          >
            Cancel
          </button>
          <button type="submit" className="button" disabled={!loaded || shortOf > 0}>
            Promote
          </button>
        </div>
      </form>
    </dialog>
  );
}
