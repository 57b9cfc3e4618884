import { useCallback, useState, type ReactNode } from 'react';
import { price } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import { subscriptionStates } from '#shared/promotion.ts';
import { api } from '../../lib/api.ts';
import PromotionDialog from '../promotion/PromotionDialog.tsx';
import AccountCard from '../my-listings/AccountCard.tsx';
import FilterChips from '../my-listings/FilterChips.tsx';
import {
  AccountScreen,
  DetailRoute,
  EmptyState,
  Loading,
  LoginPrompt,
  SectionHeader,
} from '../wallet/AccountStates.tsx';
import { useLoad } from '../wallet/hooks.ts';
import { cancelSubscription, reactivateSubscription } from './actions.ts';
import SubscriptionDetails from './SubscriptionDetails.tsx';
import SubscriptionDialog from './SubscriptionDialog.tsx';
import {
  subscriptionFilters,
  RENEWAL_LISTING_TYPE,
  typeBadgeClass,
  type Subscription,
} from './subscriptions.ts';
import '../wallet/account.css';
import '../my-listings/my-listings.css';
import './subscriptions.css';

const m = messages.subscriptions;
const TITLE = 'My subscriptions';
const NONE: Subscription[] = [];

interface Props {
  /** /my-subscriptions/{id}: its dialog opens (desktop) or it is shown alone (mobile). */
  selectedId?: number | null;
}

/** My subscriptions: the Filters control, the cards with their actions, the details dialog. */
export default function MySubscriptions({ selectedId = null }: Props) {
  return (
    <AccountScreen title={TITLE} loading={m.loading} loginPrompt={m.loginPrompt}>
      {(session, mobile) =>
        mobile && selectedId ? (
          <SubscriptionPage id={selectedId} />
        ) : (
          <SubscriptionList userId={session.userId} selectedId={selectedId} mobile={mobile} />
        )
      }
    </AccountScreen>
  );
}

function Titled({ children, controls }: { children: ReactNode; controls?: ReactNode }) {
  return (
    <>
      <SectionHeader title={TITLE}>{controls}</SectionHeader>
      {children}
    </>
  );
}

/** The card's actions by type: cancel an active one, renew an expired one, reactivate a canceled one. */
function Actions({
  subscription: s,
  onChanged,
  onRenew,
}: {
  subscription: Subscription;
  onChanged: () => void;
  onRenew: (s: Subscription) => void;
}) {
  const after = (done: Promise<boolean>) => void done.then((ok) => ok && onChanged());
  if (s.type === subscriptionStates.active)
    return (
      <button
        className="button button--ghost"
        type="button"
        onClick={() => after(cancelSubscription(s.carId))}
      >
        Cancel subscription
      </button>
    );
  if (s.type === subscriptionStates.expired)
    return (
      <button className="button" type="button" onClick={() => onRenew(s)}>
        Renew
      </button>
    );
  if (s.type === subscriptionStates.canceled)
    return (
      <button
        className="button"
        type="button"
        onClick={() => after(reactivateSubscription(s.carId))}
      >
        Reactivate
      </button>
    );
  return null;
}

function SubscriptionList({
  userId,
  selectedId,
  mobile,
}: {
  userId: number;
  selectedId: number | null;
  mobile: boolean;
}) {
  const [filter, setFilter] = useState<number | null>(null);
  const [openId, setOpenId] = useState<number | null>(selectedId);
  const [renewing, setRenewing] = useState<Subscription | null>(null);
  const fetch = useCallback(
    () =>
      api.call((r) =>
        r.subscription.user[':userId'].$post({
          param: { userId: String(userId) },
          json: { filterType: filter },
        }),
      ),
    [userId, filter],
  );
  const { load, reload } = useLoad(fetch, NONE);

  if (load.state === 'unauthorized')
    return (
      <Titled>
        <LoginPrompt message={m.loginPrompt} />
      </Titled>
    );
  const controls = (
    <FilterChips
      label="Filter by type"
      options={subscriptionFilters}
      value={filter}
      onChange={(value) => {
        if (value !== filter) setFilter(value);
      }}
    />
  );
  if (load.state === 'loading')
    return (
      <Titled controls={controls}>
        <Loading message={m.loading} />
      </Titled>
    );

  return (
    <Titled controls={controls}>
      {load.data.length === 0 ? (
        <EmptyState title={m.emptyTitle} text={m.emptyText} />
      ) : (
        <ul className="account-cards">
          {load.data.map((s) => (
            <li key={s.id}>
              <AccountCard
                image={s.image}
                imageAlt={`${s.brand} ${s.model}`}
                badge={<span className={typeBadgeClass(s.type)}>{s.typeName}</span>}
                make={`${s.brand} ${s.model}`}
                title={s.title}
                href={`/my-subscriptions/${s.id}`}
                onOpen={(event) => {
                  // Mobile follows the link to the details route; desktop opens the dialog.
                  if (mobile) return;
                  event.preventDefault();
                  setOpenId(s.id);
                }}
                price={price(s.price, s.currency)}
                actions={
                  <Actions subscription={s} onChanged={() => void reload()} onRenew={setRenewing} />
                }
              />
            </li>
          ))}
        </ul>
      )}
      {openId !== null && (
        <SubscriptionDialog
          id={openId}
          onClose={() => {
            setOpenId(null);
            if (location.pathname !== '/my-subscriptions')
              history.replaceState(null, '', '/my-subscriptions');
          }}
        />
      )}
      {renewing && (
        <PromotionDialog
          carId={renewing.carId}
          listingTypeId={RENEWAL_LISTING_TYPE}
          onClose={() => setRenewing(null)}
          onPromoted={() => void reload()}
        />
      )}
    </Titled>
  );
}

/** /my-subscriptions/{id} on mobile: the details as their own route, with the actions. */
function SubscriptionPage({ id }: { id: number }) {
  const [renewing, setRenewing] = useState<Subscription | null>(null);
  const fetch = useCallback(
    () => api.call((r) => r.subscription[':id'].$get({ param: { id: String(id) } })),
    [id],
  );
  const { load, reload } = useLoad(fetch, null);

  return (
    <>
      <DetailRoute
        back={{ href: '/my-subscriptions', title: TITLE }}
        title="Subscription details"
        load={load}
        texts={{
          loading: m.loadingOne,
          loginPrompt: m.loginPrompt,
          emptyTitle: m.emptyTitle,
          emptyText: m.emptyText,
        }}
      >
        {(subscription) => (
          <div className="panel subscription-page">
            <SubscriptionDetails subscription={subscription} />
            <div className="subscription-page__actions">
              <Actions
                subscription={subscription}
                onChanged={() => void reload()}
                onRenew={setRenewing}
              />
            </div>
          </div>
        )}
      </DetailRoute>
      {renewing && (
        <PromotionDialog
          carId={renewing.carId}
          listingTypeId={RENEWAL_LISTING_TYPE}
          onClose={() => setRenewing(null)}
          onPromoted={() => void reload()}
        />
      )}
    </>
  );
}
