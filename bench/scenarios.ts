/**
 * What `npm run bench` measures: the scenarios (each a wrk run with one of bench/scripts) and the
 * budgets of DESIGN.md's Speed section each is held to.
 */
import type { BenchDb, Dataset } from './load.ts';

/**
 * `page` a kept page (the app's page cache, or nginx's in front); `render` and `search-render`
 * pages no cache has answered, under load; `miss` a first view, one at a time; `load` an API read
 * under the bench's load, reported beside its one-at-a-time twin's budget.
 */
export type Kind =
  'static' | 'page' | 'render' | 'search-render' | 'miss' | 'search' | 'car' | 'load' | 'admin';

/** Where a scenario's requests go: the app alone, or nginx (deploy/nginx.conf) before instances. */
export type Via = 'app' | 'nginx';

export interface Scenario {
  key: string;
  name: string;
  kind: Kind;
  script: 'get.lua' | 'post.lua' | 'ids.lua' | 'bodies.lua' | 'paths.lua';
  path: string;
  via: Via;
  body?: unknown;
  /** ids.lua: which ids and in which order. */
  ids?: 'hot' | 'cold' | 'all';
  order?: 'random' | 'sequence';
  /** ids.lua: each address made unique with a query the page ignores, so no cache has it. */
  unique?: boolean;
  admin?: boolean;
  /** ids.lua: the method, when not GET (the view beacon). */
  method?: 'POST';
  /** A page's static twin (the static scenario asked the same way), whose req/s it is held to. */
  baseline?: string;
  /** wrk connections, when not the run's (--connections). */
  connections?: number;
  /** bodies.lua: which bodies (varied filters, the default, or keyword searches). */
  bodies?: 'varied' | 'keywords';
}

/** Different search pages each scenario of them walks through, each asked once. */
export const SEARCH_PAGES = 20_000;

export function scenariosFor(dataset: Pick<Dataset, 'searchMake'>): Scenario[] {
  const make = dataset.searchMake;
  const app = 'app' as const;
  const nginx = 'nginx' as const;
  const keptListing = {
    kind: 'page',
    script: 'ids.lua',
    path: '/car/{id}',
    ids: 'hot',
    order: 'random',
    baseline: 'static-ids',
  } as const;
  const searchPage = {
    kind: 'page',
    script: 'get.lua',
    path: `/search?make=${make.id}`,
  } as const;
  const allListings = {
    kind: 'render',
    script: 'ids.lua',
    path: '/car/{id}',
    ids: 'all',
    order: 'random',
    unique: true,
  } as const;
  const searchPages = { kind: 'search-render', script: 'paths.lua', path: '/search' } as const;
  const searches = `${SEARCH_PAGES.toLocaleString('en-GB')} different searches (make, price from and to, order), each once`;
  return [
    {
      key: 'static',
      name: 'Static file: one listing page',
      kind: 'static',
      script: 'get.lua',
      path: '/listing.html',
      via: app,
    },
    {
      // The same file asked at the hot set's random addresses with the same wrk script: what the
      // listing page is held to, since running a script per request costs wrk (on the same cores).
      key: 'static-ids',
      name: 'Static file at random listing addresses (the hot set’s script)',
      kind: 'static',
      script: 'ids.lua',
      path: '/car/{id}',
      ids: 'hot',
      order: 'random',
      via: app,
    },
    {
      key: 'listing-first',
      name: 'Listing page, first views (cache misses)',
      kind: 'miss',
      script: 'ids.lua',
      path: '/car/{id}',
      ids: 'cold',
      order: 'sequence',
      via: app,
    },
    { key: 'listing-hot', name: 'Listing page, hot set (random ids)', via: app, ...keptListing },
    {
      key: 'search-page',
      name: `Search page (/search?make=${make.id}, ${make.name})`,
      via: app,
      ...searchPage,
    },
    {
      key: 'home-page',
      name: 'Home page (/)',
      kind: 'page',
      script: 'get.lua',
      path: '/',
      via: app,
    },
    {
      // The long tail: listings nobody asked for lately. Each address is new to every cache.
      key: 'listing-all',
      name: 'Listing pages, random ids over all listings, no cache',
      via: app,
      ...allListings,
    },
    { key: 'search-pages', name: `Search pages, ${searches}`, via: app, ...searchPages },
    {
      key: 'search-default',
      name: 'POST cars/search, default order',
      kind: 'search',
      script: 'post.lua',
      path: '/api/cars/search',
      body: { pageNumber: 1 },
      via: app,
    },
    {
      key: 'search-make',
      name: `POST cars/search, by make (${make.name})`,
      kind: 'search',
      script: 'post.lua',
      path: '/api/cars/search',
      body: { brand: make.id, pageNumber: 1 },
      via: app,
    },
    {
      key: 'search-price-fuel',
      name: 'POST cars/search, price 5,000–20,000 and diesel',
      kind: 'search',
      script: 'post.lua',
      path: '/api/cars/search',
      body: { minPrice: 5000, maxPrice: 20000, fuelFilter: [2], pageNumber: 1 },
      via: app,
    },
    {
      key: 'search-sort-price',
      name: 'POST cars/search, sorted by price',
      kind: 'search',
      script: 'post.lua',
      path: '/api/cars/search',
      body: { sortBy: 'price', sortDirection: 'ASC', pageNumber: 1 },
      via: app,
    },
    {
      // Searches no cache has answered: a make, a lowest price and an order, each body once.
      key: 'search-varied',
      name: 'POST cars/search, 4,000 different searches (make, price from, order), each once',
      kind: 'search',
      script: 'bodies.lua',
      path: '/api/cars/search',
      body: { brand: make.id, minPrice: 1000, pageNumber: 1 },
      via: app,
    },
    {
      // Keyword searches no cache has answered: a make or model as written or misspelt, or words
      // of the descriptions, each with a lowest price and an order.
      key: 'search-keywords',
      name: 'POST cars/search, 4,000 different keyword searches (makes, typos, models, words)',
      kind: 'search',
      script: 'bodies.lua',
      bodies: 'keywords',
      path: '/api/cars/search',
      body: { keyword: make.name, pageNumber: 1 },
      via: app,
    },
    {
      // A listing never asked before is two statements and its cards: the budget is the time one
      // view takes; under the bench's load (below) it is a queue of such views on 2 cores.
      key: 'car-api',
      name: 'GET car/{id} (random ids, one at a time)',
      kind: 'car',
      script: 'ids.lua',
      path: '/api/car/{id}',
      ids: 'all',
      order: 'random',
      connections: 1,
      via: app,
    },
    {
      key: 'car-api-load',
      name: 'GET car/{id} (random ids)',
      kind: 'load',
      script: 'ids.lua',
      path: '/api/car/{id}',
      ids: 'all',
      order: 'random',
      via: app,
    },
    {
      // Seller insights' counting (server/insights): gathered in memory, written every 5 s.
      key: 'beacon-view',
      name: 'POST car/{id}/view, the listing page’s beacon (random ids, one at a time)',
      kind: 'car',
      script: 'ids.lua',
      path: '/api/car/{id}/view',
      ids: 'all',
      order: 'random',
      method: 'POST',
      connections: 1,
      via: app,
    },
    {
      key: 'beacon-view-load',
      name: 'POST car/{id}/view, the listing page’s beacon (random ids)',
      kind: 'load',
      script: 'ids.lua',
      path: '/api/car/{id}/view',
      ids: 'all',
      order: 'random',
      method: 'POST',
      via: app,
    },
    {
      key: 'beacon-impressions',
      name: 'POST cars/impressions, a search page’s 24 cards',
      kind: 'car',
      script: 'post.lua',
      path: '/api/cars/impressions',
      body: { ids: Array.from({ length: 24 }, (_, i) => i + 1), place: 'search' },
      via: app,
    },
    {
      key: 'admin-active',
      // What the back-office asks: one page, sorted on the server (no list is fetched whole).
      name: 'Admin: GET cars/active, page 1 of 25 by id (active listings)',
      kind: 'admin',
      script: 'get.lua',
      path: '/api/cars/active?page=1&perPage=25&sort=id&order=DESC',
      admin: true,
      via: app,
    },
    {
      key: 'admin-users',
      name: 'Admin: GET user/all, page 1 of 25 by id (users)',
      kind: 'admin',
      script: 'get.lua',
      path: '/api/user/all?page=1&perPage=25&sort=id&order=ASC',
      admin: true,
      via: app,
    },
    {
      key: 'admin-transactions',
      name: 'Admin: GET payment/transactions/all, page 1 of 25',
      kind: 'admin',
      script: 'get.lua',
      path: '/api/payment/transactions/all?page=1&perPage=25',
      admin: true,
      via: app,
    },
    // The deployment: nginx (deploy/nginx.conf, its page cache) before one instance per core.
    {
      key: 'listing-hot-nginx',
      name: 'Behind nginx: listing page, hot set (random ids)',
      via: nginx,
      ...keptListing,
    },
    {
      key: 'search-page-nginx',
      name: `Behind nginx: search page (/search?make=${make.id}, ${make.name})`,
      via: nginx,
      ...searchPage,
    },
    {
      key: 'home-page-nginx',
      name: 'Behind nginx: home page (/)',
      kind: 'page',
      script: 'get.lua',
      path: '/',
      via: nginx,
    },
    {
      key: 'listing-all-nginx',
      name: 'Behind nginx: listing pages, random ids over all listings, no cache',
      via: nginx,
      ...allListings,
    },
    {
      key: 'search-pages-nginx',
      name: `Behind nginx: search pages, ${searches}`,
      via: nginx,
      ...searchPages,
    },
  ];
}

export const scenarioKeys = scenariosFor({ searchMake: { id: 0, name: '' } }).map((s) => s.key);

// ---------------------------------------------------------------------------------------------
// Budgets

export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  bytes: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
}

export interface Budget {
  text: string;
  check: (r: WrkResult) => boolean;
}

export function formatRps(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-GB') : n.toFixed(1);
}

/** What a kept page must reach of nginx serving the same page as a file, asked the same way. */
export const PAGE_SHARE: Record<Via, number> = { app: 0.25, nginx: 0.8 };

/** Resident memory of an app instance under load, at most. */
export const RSS_BUDGET_MB = 450;

/**
 * The budgets of DESIGN.md's Speed section (set for PostgreSQL at 100k listings; PGlite, one
 * query at a time in the process, is held to the kept pages' share and a slower search only).
 */
export function budgetFor(
  kind: Kind,
  via: Via,
  db: BenchDb,
  staticRps: number | null,
): Budget | null {
  const postgres = db === 'postgres';
  switch (kind) {
    case 'static':
    case 'load':
      return null;
    case 'page': {
      const share = PAGE_SHARE[via];
      const floor = staticRps === null ? null : staticRps * share;
      const ratio = `≥ ${share * 100}% of static${floor === null ? '' : ` (${formatRps(floor)}/s)`}`;
      const reaches = (r: WrkResult) => floor !== null && r.rps >= floor;
      return postgres
        ? { text: `${ratio}, p99 ≤ 20 ms`, check: (r) => reaches(r) && r.p99 <= 20 }
        : { text: ratio, check: reaches };
    }
    case 'render':
      return postgres
        ? { text: '≥ 300/s, p99 ≤ 100 ms', check: (r) => r.rps >= 300 && r.p99 <= 100 }
        : null;
    case 'search-render':
      return postgres
        ? { text: '≥ 150/s, p95 ≤ 100 ms', check: (r) => r.rps >= 150 && r.p95 <= 100 }
        : null;
    case 'miss':
      return postgres ? { text: 'p95 ≤ 15 ms', check: (r) => r.p95 <= 15 } : null;
    case 'search':
      return postgres
        ? { text: 'p95 ≤ 50 ms', check: (r) => r.p95 <= 50 }
        : { text: 'p95 ≤ 150 ms', check: (r) => r.p95 <= 150 };
    case 'car':
      return postgres ? { text: 'p95 ≤ 10 ms', check: (r) => r.p95 <= 10 } : null;
    case 'admin':
      return postgres ? { text: 'p95 ≤ 300 ms', check: (r) => r.p95 <= 300 } : null;
  }
}
