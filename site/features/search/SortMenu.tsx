import { m } from '#shared/i18n/paraglide/messages.js';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { sortOptions, type SortOption } from './filters.ts';

interface Props {
  value: SortOption;
  onChange: (sort: SortOption) => void;
}

/** What each sort option says in the page's language (the English label is its name). */
const sortTexts: Record<SortOption['label'], () => { label: string; short: string }> = {
  Default: () => ({ label: m.sort_default(), short: '' }),
  'Price ascending': () => ({
    label: m.sort_price_ascending(),
    short: `${m.sort_short_price()} ↑`,
  }),
  'Price descending': () => ({
    label: m.sort_price_descending(),
    short: `${m.sort_short_price()} ↓`,
  }),
  'Year ascending': () => ({ label: m.sort_year_ascending(), short: `${m.sort_short_year()} ↑` }),
  'Year descending': () => ({ label: m.sort_year_descending(), short: `${m.sort_short_year()} ↓` }),
  'Best deal': () => ({ label: m.sort_best_deal(), short: m.sort_best_deal() }),
};

/**
 * The spec's 'Filters' button with its sort menu (the WAI-ARIA menu button with radio items),
 * labelled 'Sort' with up and down arrows so that nobody takes it for the filters. A badge on the
 * button names the sort in force when it is not Default.
 */
export default function SortMenu({ value, onChange }: Props) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    items.current[sortOptions.findIndex((o) => o.label === value.label)]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, value.label]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent) {
    const count = sortOptions.length;
    const current = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const target: Record<string, number> = {
      ArrowDown: (current + 1) % count,
      ArrowUp: (current - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    if (event.key in target) {
      event.preventDefault();
      items.current[target[event.key] ?? 0]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="sort" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost sort__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M7 3 2.5 7.5 4 9l2-2v14h2V7l2 2 1.5-1.5zm10 18 4.5-4.5L20 15l-2 2V3h-2v14l-2-2-1.5 1.5z"
          />
        </svg>
        {m.sort()}
        {value.sortBy && (
          <span className="sort__badge">
            <span aria-hidden="true">{sortTexts[value.label]().short}</span>
            <span className="visually-hidden">({sortTexts[value.label]().label})</span>
          </span>
        )}
      </button>
      <div
        id={`${id}-menu`}
        className="popover sort__menu"
        role="menu"
        aria-label={m.sort_by()}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {sortOptions.map((option, i) => (
          <button
            key={option.label}
            ref={(el) => {
              items.current[i] = el;
            }}
            type="button"
            role="menuitemradio"
            aria-checked={option.label === value.label}
            tabIndex={-1}
            className="sort__item"
            onClick={() => {
              setOpen(false);
              onChange(option);
            }}
          >
            {sortTexts[option.label]().label}
          </button>
        ))}
      </div>
    </div>
  );
}
