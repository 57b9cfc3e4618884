import {
  useCallback,
  useEffect,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { api } from '../../lib/api.ts';
import { showResult, withProgress } from '../../lib/dialogs.ts';
import { readSession } from '#shared/session.ts';
import { showToast } from '../../lib/toast.ts';
import FavoriteCard from './FavoriteCard.tsx';
import {
  favoritesHref,
  favoritesQuery,
  pageWindow,
  parseSort,
  sortOptions,
  type SortValue,
} from './favorites.ts';
import './favorites.css';

const m = messages.favorites;

interface Props {
  /** From the address: the page and sort to open with. */
  page: number;
  sort: string;
  /** The category chooser, drawn by the page. */
  children?: ReactNode;
}

type State =
  | { kind: 'loading' }
  | { kind: 'loggedOut' }
  | { kind: 'ready'; cars: CarCard[]; totalCount: number };

/**
 * Saves the car a heart's form asked for (`?add=ID`: a heart tapped before its page's script ran)
 * and takes it off the address, so that a reload does not ask again.
 */
async function addAsked(userId: number) {
  const params = new URLSearchParams(location.search);
  if (!params.has('add')) return;
  const carId = Number(params.get('add'));
  params.delete('add');
  const query = params.toString();
  history.replaceState(null, '', query ? `/favorites?${query}` : '/favorites');
  if (!Number.isInteger(carId) || carId <= 0) return;
  const res = await api.call((r) => r.favorite.add.$post({ json: { carId, userId } }));
  if (res.code === 0) showToast(messages.listing.addedToFavorites);
  else await showResult(false, res.message || messages.common.errorOccurred);
}

/** The signed-in user's saved cars: sort, a 5-column grid, pages of 50, removal. */
export default function Favorites({ children, ...props }: Props) {
  const [page, setPage] = useState(Math.max(1, props.page));
  const [sort, setSort] = useState<SortValue>(parseSort(props.sort));
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    const session = readSession();
    if (!session) return setState({ kind: 'loggedOut' });
    await addAsked(session.userId);
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    const res = await api.call((r) =>
      r.favorite.get.$post({
        json: favoritesQuery(session.userId, sort, page, limits.pageSize),
      }),
    );
    if (res.status === 401) return setState({ kind: 'loggedOut' });
    if (res.code !== 0) {
      setState({ kind: 'ready', cars: [], totalCount: 0 });
      return showResult(false, res.message || messages.common.errorOccurred);
    }
    setState({ kind: 'ready', cars: res.data.cars, totalCount: res.data.totalCount });
  }, [page, sort]);

  useEffect(() => {
    void load();
  }, [load]);

  // Back and forward walk through the pages and sorts visited.
  useEffect(() => {
    const onPop = () => {
      const params = new URLSearchParams(location.search);
      setPage(Math.max(1, Number(params.get('page')) || 1));
      setSort(parseSort(params.get('sort')));
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  function go(nextSort: SortValue, nextPage: number) {
    history.pushState(null, '', favoritesHref(nextSort, nextPage));
    setSort(nextSort);
    setPage(nextPage);
  }

  function goToPage(event: MouseEvent, nextPage: number) {
    event.preventDefault();
    go(sort, nextPage);
    scrollTo({ top: 0, behavior: 'smooth' });
  }

  async function remove(car: CarCard) {
    const session = readSession();
    if (!session) return setState({ kind: 'loggedOut' });
    const res = await withProgress(messages.common.loading, () =>
      api.call((r) => r.favorite.remove.$post({ json: { carId: car.id, userId: session.userId } })),
    );
    if (res.status === 401) return setState({ kind: 'loggedOut' });
    if (res.code !== 0) return;
    showToast(messages.listing.removedFromFavorites);
    // The last car of a later page gone: show the page before.
    if (state.kind === 'ready' && state.cars.length === 1 && page > 1) go(sort, page - 1);
    else void load();
  }

  const pages = state.kind === 'ready' ? Math.ceil(state.totalCount / limits.pageSize) : 0;

  return (
    <div className="favorites">
      <div className="favorites__toolbar">
        {children}
        {state.kind !== 'loggedOut' && (
          <div className="favorites__sort">
            <p className="favorites__count" role="status">
              {state.kind === 'ready' &&
                (state.totalCount === 1 ? '1 saved car' : `${state.totalCount} saved cars`)}
            </p>
            <label htmlFor="favorites-sort">Sort by</label>
            <select
              id="favorites-sort"
              className="input"
              value={sort}
              onChange={(e) => go(parseSort(e.target.value), 1)}
            >
              {sortOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      {state.kind === 'loading' && (
        <div className="empty" role="status">
          <div className="loader" />
          <p>{m.loading}</p>
        </div>
      )}

      {state.kind === 'loggedOut' && (
        <div className="empty panel favorites__prompt">
          <h2>{m.loggedOut}</h2>
          <a
            className="button"
            href={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
          >
            Log in
          </a>
        </div>
      )}

      {state.kind === 'ready' &&
        (state.cars.length ? (
          <ul className="grid favorites__grid" style={{ '--columns': 5 } as CSSProperties}>
            {state.cars.map((car, i) => (
              <li key={car.id}>
                <FavoriteCard car={car} eager={i < 5} onRemove={() => void remove(car)} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="empty">
            <h2>{m.emptyTitle}</h2>
            <p>{m.emptyText}</p>
          </div>
        ))}

      {pages > 1 && (
        <nav aria-label="Pagination">
          <ul className="pagination">
            {page > 1 && (
              <li>
                <a
                  href={favoritesHref(sort, page - 1)}
                  rel="prev"
                  aria-label="Previous page"
                  onClick={(e) => goToPage(e, page - 1)}
                >
                  ‹
                </a>
              </li>
            )}
            {pageWindow(page, pages).map((p, i) =>
              p === 0 ? (
                <li key={`gap-${i}`}>
                  <span aria-hidden="true">…</span>
                </li>
              ) : (
                <li key={p}>
                  <a
                    href={favoritesHref(sort, p)}
                    aria-current={p === page ? 'page' : undefined}
                    aria-label={`Page ${p}`}
                    onClick={(e) => goToPage(e, p)}
                  >
                    {p}
                  </a>
                </li>
              ),
            )}
            {page < pages && (
              <li>
                <a
                  href={favoritesHref(sort, page + 1)}
                  rel="next"
                  aria-label="Next page"
                  onClick={(e) => goToPage(e, page + 1)}
                >
                  ›
                </a>
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
