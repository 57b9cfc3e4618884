import { m } from '#shared/i18n/paraglide/messages.js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MileageUnit } from '#shared/mileage.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import { rowsOf } from '#shared/api/rows.ts';
import { priceBands } from '#shared/price-insight.ts';
import { searchFilters, type FiltersOf } from '#shared/search-filters.ts';
import { api } from '../../lib/api.ts';
import MileageUnitSwitch from '../mileage/MileageUnitSwitch.tsx';
import Combobox from './Combobox.tsx';
import MultiSelect from './MultiSelect.tsx';
import SortMenu from './SortMenu.tsx';
import {
  emptyFilters,
  hasDetailedFilters,
  searchHref,
  searchQuery,
  storageKeys,
  type Filters,
  type SortOption,
} from './filters.ts';
import { filterTexts, mileageShown, mileageStored } from './mileage-filters.ts';
import { filterLabel } from './filter-texts.ts';
import './search.css';

/** The lists the panel chooses from, loaded by the page so that the island fetches nothing. */
export interface SearchLists {
  makes: Named[];
  bodies: Named[];
  fuels: Named[];
  origins: Named[];
  emissionClasses: Named[];
  driveTrains: Named[];
  transmissions: Named[];
  colors: Named[];
  safety: Named[];
  equipment: Named[];
}

interface Props {
  filters: Filters;
  sort: SortOption;
  lists: SearchLists;
  /** The models of the chosen make. */
  models: Named[];
  currency: string;
  totalCount: number;
  /** Whether the address holds a search: on mobile the results then show instead of the panel. */
  searched: boolean;
  /** The visitor's mileage unit, which the mileage bounds are typed in. */
  unit: MileageUnit;
  /** The category chooser. */
  children?: ReactNode;
}

type View = 'filters' | 'results';

/** The price insight's bands, best first (see /price-insight). */
const ratingOptions: Named[] = priceBands.map(({ id, name }) => ({ id, name }));

/**
 * The search page's filter panel. Search (and a sort) goes to the address of the search, page 1,
 * and remembers it for the session; on mobile the panel and the results take turns.
 */
export default function SearchPanel(props: Props) {
  const { lists, currency, totalCount, searched, children } = props;
  const [unit, setUnit] = useState(props.unit);
  const [filters, setFilters] = useState(() => mileageShown(props.filters, props.unit));
  const [sort, setSort] = useState(props.sort);
  const [models, setModels] = useState(props.models);
  const [detailed, setDetailed] = useState(() => hasDetailedFilters(props.filters));
  const [view, setView] = useState<View>(searched ? 'results' : 'filters');
  const panel = useRef<HTMLFormElement>(null);
  const latestMake = useRef(props.filters.brand);

  useEffect(() => {
    document.documentElement.dataset.searchView = view;
  }, [view]);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));

  /** Choosing a make clears the model and loads that make's models. */
  async function chooseMake(brand: number | null) {
    if (brand === filters.brand) return;
    latestMake.current = brand;
    setFilters((f) => ({ ...f, brand, model: null }));
    setModels([]);
    if (brand === null) return;
    const res = await api.call((r) =>
      r.cars.brands[':brandId'].models.$get({ param: { brandId: String(brand) }, query: {} }),
    );
    if (res.code !== 0) console.error(res.message);
    else if (latestMake.current === brand) setModels(rowsOf(res.data));
  }

  function search(withSort: SortOption = sort) {
    const state = { filters: mileageStored(filters, unit), sort: withSort, page: 1 };
    sessionStorage.setItem(storageKeys.filters, searchQuery(state));
    location.assign(searchHref(state));
  }

  function showFilters() {
    setView('filters');
    requestAnimationFrame(() => {
      window.scrollTo(0, 0);
      panel.current?.focus({ preventScroll: true });
    });
  }

  const single = (
    key: 'emissionClassFilter' | 'driveTrainFilter' | 'transmissionFilter' | 'carColor',
  ) => ({
    value: filters[key][0] ?? null,
    onChange: (id: number | null) => set(key, id === null ? [] : [id]),
  });

  /** The bounds typed so far, in the unit chosen now. */
  function chooseUnit(chosen: MileageUnit) {
    setFilters((f) => mileageShown(mileageStored(f, unit), chosen));
    setUnit(chosen);
  }

  const range = (
    keys: [FiltersOf<'min'>, FiltersOf<'max'>],
    placeholders: [string, string],
    switcher?: ReactNode,
  ) => (
    <fieldset className="range">
      <legend className="field-label">{filterTexts(keys[0], unit).legend}</legend>
      {switcher}
      <div className="range__inputs">
        {keys.map((key, i) => (
          <input
            key={key}
            className="input"
            type="number"
            inputMode="numeric"
            min={0}
            aria-label={filterTexts(key, unit).label}
            placeholder={placeholders[i]}
            value={filters[key]}
            onChange={(event) => set(key, event.target.value)}
          />
        ))}
      </div>
    </fieldset>
  );

  return (
    <div className="search-filters">
      <div className="mobile-filters">
        <button
          type="button"
          className="button button--ghost"
          aria-controls="search-panel"
          aria-expanded={view === 'filters'}
          onClick={showFilters}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M3 5h18v2H3zm3 6h12v2H6zm4 6h4v2h-4z" />
          </svg>
          Search filters
        </button>
        {/* The results' heading says the same to screen readers. */}
        <span className="mobile-filters__count" aria-hidden="true">
          {totalCount} {totalCount === 1 ? 'car' : 'cars'} found
        </span>
      </div>

      <form
        id="search-panel"
        ref={panel}
        className="panel search-panel"
        role="search"
        aria-label="Filters"
        tabIndex={-1}
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <div className="search-panel__top">
          {children}
          <SortMenu
            value={sort}
            onChange={(next) => {
              setSort(next);
              search(next);
            }}
          />
        </div>

        <div className="search-panel__grid">
          <label className="field-label keywords">
            {filterLabel('keyword')}
            <input
              className="input"
              type="search"
              maxLength={searchFilters.keyword.max}
              placeholder={m.filter_keyword_placeholder()}
              autoComplete="off"
              enterKeyHint="search"
              value={filters.keyword}
              onChange={(event) => set('keyword', event.target.value)}
            />
          </label>
          <Combobox
            label={filterLabel('brand')}
            placeholder={m.any_make()}
            options={lists.makes}
            value={filters.brand}
            onChange={(id) => void chooseMake(id)}
          />
          <Combobox
            label={filterLabel('model')}
            placeholder={m.any_model()}
            options={models}
            value={filters.model}
            disabled={filters.brand === null}
            onChange={(id) => set('model', id)}
          />
          {range(['minPrice', 'maxPrice'], [currency, currency])}
          {range(['minYear', 'maxYear'], [m.placeholder_from(), m.placeholder_to()])}
          <MultiSelect
            label={filterLabel('bodyFilter')}
            options={lists.bodies}
            value={filters.bodyFilter}
            onChange={(ids) => set('bodyFilter', ids)}
          />
          <MultiSelect
            label={filterLabel('fuelFilter')}
            options={lists.fuels}
            value={filters.fuelFilter}
            onChange={(ids) => set('fuelFilter', ids)}
          />
          <MultiSelect
            label={filterLabel('priceRating')}
            options={ratingOptions}
            value={filters.priceRating}
            onChange={(ids) => set('priceRating', ids)}
          />
          <fieldset className="origin">
            <legend className="field-label">{filterLabel('origin')}</legend>
            <div className="chips">
              {[{ id: null, name: 'Any' }, ...lists.origins].map((origin) => (
                <label key={origin.id ?? 'any'} className="chip origin__chip">
                  <input
                    className="visually-hidden"
                    type="radio"
                    name="origin"
                    checked={filters.origin === origin.id}
                    onChange={() => set('origin', origin.id)}
                  />
                  {origin.name}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <button
          type="button"
          className="detailed-toggle"
          aria-expanded={detailed}
          aria-controls="detailed-search"
          onClick={() => setDetailed((d) => !d)}
        >
          Detailed search
          <span className="combo__chevron" aria-hidden="true" />
        </button>
        <div id="detailed-search" className="search-panel__grid" hidden={!detailed}>
          <label className="field-label chassis">
            {filterLabel('chassisNumber')}
            <input
              className="input"
              type="text"
              maxLength={searchFilters.chassisNumber.max}
              autoComplete="off"
              spellCheck={false}
              value={filters.chassisNumber}
              onChange={(event) => set('chassisNumber', event.target.value)}
            />
          </label>
          {range(['minCubic', 'maxCubic'], ['Min', 'Max'])}
          {range(['minPower', 'maxPower'], ['Min', 'Max'])}
          {range(
            ['minMillage', 'maxMillage'],
            ['Min', 'Max'],
            <MileageUnitSwitch unit={unit} onChange={chooseUnit} />,
          )}
          <MultiSelect
            label={filterLabel('safety')}
            options={lists.safety}
            value={filters.safety}
            onChange={(ids) => set('safety', ids)}
          />
          <MultiSelect
            label={filterLabel('equipment')}
            options={lists.equipment}
            value={filters.equipment}
            onChange={(ids) => set('equipment', ids)}
          />
          <Combobox
            label={filterLabel('emissionClassFilter')}
            options={lists.emissionClasses}
            {...single('emissionClassFilter')}
          />
          <Combobox
            label={filterLabel('driveTrainFilter')}
            options={lists.driveTrains}
            {...single('driveTrainFilter')}
          />
          <Combobox
            label={filterLabel('transmissionFilter')}
            options={lists.transmissions}
            {...single('transmissionFilter')}
          />
          <Combobox
            label={filterLabel('carColor')}
            options={lists.colors}
            {...single('carColor')}
          />
        </div>

        <div className="search-panel__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setFilters(emptyFilters());
              setModels([]);
              latestMake.current = null;
            }}
          >
            Clear
          </button>
          <button type="submit" className="button search-panel__submit">
            Search
          </button>
        </div>
      </form>
    </div>
  );
}
