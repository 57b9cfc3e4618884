import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Named } from '#shared/schemas/catalog.ts';
import { matchesPrefix } from './filters.ts';

interface Props {
  label: string;
  options: readonly Named[];
  value: number | null;
  onChange: (value: number | null) => void;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A searchable, clearable single choice (the WAI-ARIA combobox with a list popup): typing filters
 * the options by name prefix, arrows move, Enter chooses, Escape closes; erasing the text clears.
 */
export default function Combobox({
  label,
  options,
  value,
  onChange,
  placeholder = 'Any',
  disabled = false,
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (option: Named) => `${id}-${option.id}`;
  const selected = options.find((o) => o.id === value) ?? null;
  // null while not typing: the field then shows the chosen name.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = typed ? options.filter((o) => matchesPrefix(o.name, typed)) : options;
  const activeOption = open ? shown[active] : undefined;

  useEffect(() => {
    if (activeOption)
      document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  });

  function show() {
    setOpen(true);
    setActive(
      Math.max(
        0,
        shown.findIndex((o) => o.id === value),
      ),
    );
  }

  function choose(option: Named | null) {
    onChange(option?.id ?? null);
    setTyped(null);
    setOpen(false);
  }

  /** Leaving the field: erased text clears the choice, other text goes back to the chosen name. */
  function leave() {
    if (typed === '' && value !== null) onChange(null);
    setTyped(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    const moves: Record<string, () => void> = {
      ArrowDown: () => (open ? setActive((i) => Math.min(i + 1, last)) : show()),
      ArrowUp: () => (open ? setActive((i) => Math.max(i - 1, 0)) : show()),
      Home: () => open && setActive(0),
      End: () => open && setActive(last),
      Enter: () => activeOption && choose(activeOption),
      Escape: () => (open ? leave() : typed === null && value !== null && choose(null)),
    };
    const move = moves[event.key];
    if (!move || ((event.key === 'Home' || event.key === 'End') && !open)) return;
    // Enter with the list closed submits the form (Search).
    if (event.key === 'Enter' && !activeOption) return;
    event.preventDefault();
    move();
  }

  return (
    <div className="combo">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="combo__control">
        <input
          id={id}
          className="input combo__input"
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder}
          value={typed ?? selected?.name ?? ''}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => (open ? setOpen(false) : show())}
          onKeyDown={onKeyDown}
          onBlur={leave}
        />
        {selected && !disabled && (
          <button
            type="button"
            className="combo__clear"
            aria-label={`Clear ${label}`}
            onClick={() => choose(null)}
          >
            ×
          </button>
        )}
        <span className="combo__chevron" aria-hidden="true" />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className="popover combo__list"
        hidden={!open}
      >
        {shown.map((option, i) => (
          <li
            key={option.id}
            id={optionId(option)}
            role="option"
            aria-selected={option.id === value}
            className={i === active ? 'combo__option is-active' : 'combo__option'}
            // Keeps the focus in the field, so that blur does not close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.name}
          </li>
        ))}
        {shown.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className="combo__none">
            No matches
          </li>
        )}
      </ul>
    </div>
  );
}
