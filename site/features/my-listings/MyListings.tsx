import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { price } from '#shared/format.ts';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { CarCard, ListingState } from '#shared/schemas/listing-display.ts';
import { api } from '../../lib/api.ts';
import { confirm, showResult, withProgress } from '../../lib/dialogs.ts';
import PromotionDialog from '../promotion/PromotionDialog.tsx';
import { EmptyState, Loading, LoginPrompt, SectionHeader } from '../wallet/AccountStates.tsx';
import { useSession } from '../wallet/hooks.ts';
import AccountCard from './AccountCard.tsx';
import FilterChips from './FilterChips.tsx';
import MoreMenu, { type MenuAction } from './MoreMenu.tsx';
import Pagination from './Pagination.tsx';
import {
  canPromote,
  detailsHref,
  editHref,
  filterWord,
  isRequest,
  stateFilters,
  stateLabels,
} from './my-listings.ts';
import '../wallet/account.css';
import './my-listings.css';

const m = messages.myListings;
const soldConfirm =
  'Was this car sold through Spotted? The listing is taken down and counts as sold on your seller page.';

// The statistics table loads after the list: the list is what most visits are for.
const SellerOverview = lazy(() => import('../insights/SellerOverview.tsx'));

interface Props {
  initialPage?: number;
  initialState?: ListingState | null;
}

type Load =
  | { state: 'loading' }
  | { state: 'unauthorized' }
  | { state: 'ready'; cars: CarCard[]; totalCount: number };

/** The address of a page of the list under a filter (kept in the URL so a reload keeps both). */
const listHref = (page: number, state: ListingState | null) => {
  const query = new URLSearchParams();
  if (state) query.set('state', state.toLowerCase());
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return `/my-listings${search ? `?${search}` : ''}`;
};

/** My listings: the Filters control, the own listings in every state, 50 a page. */
export default function MyListings({ initialPage = 1, initialState = null }: Props) {
  const session = useSession();
  const [filter, setFilter] = useState<ListingState | null>(initialState);
  const [page, setPage] = useState(initialPage);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [promoting, setPromoting] = useState<CarCard | null>(null);
  const userId = session?.userId;

  const reload = useCallback(async () => {
    if (!userId) return;
    const res = await api.call((r) =>
      r.cars.listings.user[':userId'].$post({
        param: { userId: String(userId) },
        json: { pageNumber: page, pageSize: limits.pageSize, stateFilter: filter },
      }),
    );
    if (res.status === 401) return setLoad({ state: 'unauthorized' });
    if (res.code !== 0) {
      setLoad({ state: 'ready', cars: [], totalCount: 0 });
      return showResult(false, res.message);
    }
    setLoad({ state: 'ready', ...res.data });
  }, [userId, page, filter]);

  useEffect(() => void reload(), [reload]);

  function navigate(nextPage: number, nextFilter: ListingState | null) {
    if (nextPage === page && nextFilter === filter) return;
    setLoad({ state: 'loading' });
    setPage(nextPage);
    setFilter(nextFilter);
    history.replaceState(null, '', listHref(nextPage, nextFilter));
    scrollTo({ top: 0 });
  }

  async function remove(car: CarCard) {
    if (!(await confirm(m.confirmDelete))) return;
    const res = await withProgress(
      m.removing,
      () =>
        api.call((r) => {
          const param = { id: String(car.id) };
          return isRequest(car.state)
            ? r.car.request.remove[':id'].$delete({ param })
            : r.car.remove[':id'].$delete({ param });
        }),
      messages.listing.removed,
    );
    if (res.code === 0) void reload();
  }

  /** Takes a live listing down as sold through Spotted (it counts on the seller's pages). */
  async function sold(car: CarCard) {
    if (!(await confirm(soldConfirm))) return;
    const res = await withProgress(
      m.removing,
      () => api.call((r) => r.car.sold[':id'].$delete({ param: { id: String(car.id) } })),
      messages.listing.removed,
    );
    if (res.code === 0) void reload();
  }

  const header = (
    <SectionHeader title="My listings">
      {session && load.state !== 'unauthorized' && (
        <FilterChips
          label="Filter by state"
          options={stateFilters}
          value={filter}
          onChange={(value) => navigate(1, value)}
        />
      )}
    </SectionHeader>
  );

  if (session === null || load.state === 'unauthorized')
    return (
      <>
        {header}
        <LoginPrompt message={m.loginPrompt} />
      </>
    );
  if (session === undefined || load.state === 'loading')
    return (
      <>
        {header}
        <Loading message={m.loading} />
      </>
    );

  const word = filterWord(filter);
  const pages = Math.ceil(load.totalCount / limits.pageSize);
  return (
    <>
      {header}
      {load.cars.length === 0 ? (
        <EmptyState title={m.emptyTitle(word)} text={m.emptyText(word)} />
      ) : (
        <ul className="account-cards">
          {load.cars.map((car) => {
            const actions: MenuAction[] = [
              ...(canPromote(car) ? [{ label: 'Promote', onSelect: () => setPromoting(car) }] : []),
              ...(isRequest(car.state)
                ? []
                : [{ label: 'Statistics', href: `/my-listings/${car.id}` }]),
              { label: 'Edit', href: editHref(car) },
              ...(isRequest(car.state)
                ? []
                : [{ label: 'Sold through Spotted', onSelect: () => void sold(car) }]),
              { label: 'Delete', onSelect: () => void remove(car), danger: true },
            ];
            return (
              <li key={car.id}>
                <AccountCard
                  image={car.image}
                  imageAlt={`${car.brand} ${car.model}`}
                  badge={
                    <span className={`state-badge state--${car.state}`}>
                      {stateLabels[car.state]}
                    </span>
                  }
                  make={`${car.brand} ${car.model}`}
                  title={car.title}
                  href={detailsHref(car)}
                  meta={[car.location, car.city].filter(Boolean).join(', ')}
                  price={price(car.price, car.currency)}
                  actions={actions.map((action) =>
                    action.href ? (
                      <a key={action.label} className="button button--ghost" href={action.href}>
                        {action.label}
                      </a>
                    ) : (
                      <button
                        key={action.label}
                        type="button"
                        className={`button ${action.danger ? 'button--danger' : action.label === 'Promote' ? '' : 'button--ghost'}`}
                        onClick={action.onSelect}
                      >
                        {action.label}
                      </button>
                    ),
                  )}
                  menu={<MoreMenu label={`Actions for ${car.title}`} actions={actions} />}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={page}
        pages={pages}
        href={(p) => listHref(p, filter)}
        onChange={(p) => navigate(p, filter)}
      />
      {userId && (
        <Suspense fallback={null}>
          <SellerOverview userId={userId} />
        </Suspense>
      )}
      {promoting && (
        <PromotionDialog
          carId={promoting.id}
          listingTypeId={promoting.typeId}
          onClose={() => setPromoting(null)}
          onPromoted={() => void reload()}
        />
      )}
    </>
  );
}
