import { useEffect, useId, useRef, useState } from 'react';
import type { Named } from '#shared/schemas/catalog.ts';
import { matchesPrefix, summary } from './filters.ts';

interface Props {
  label: string;
  options: readonly Named[];
  value: readonly number[];
  onChange: (value: number[]) => void;
}

/** Long lists get a filter field in their popover. */
const FILTER_FROM = 9;

/**
 * A multiple choice: a button that tells what is chosen and opens a popover of checkboxes; a
 * click anywhere on an option toggles it. Escape, a click outside or moving the focus to another
 * control closes it.
 */
export default function MultiSelect({ label, options, value, onChange }: Props) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const shown = typed ? options.filter((o) => matchesPrefix(o.name, typed)) : options;
  const names = options.filter((o) => value.includes(o.id)).map((o) => o.name);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const toggle = (optionId: number) =>
    onChange(value.includes(optionId) ? value.filter((v) => v !== optionId) : [...value, optionId]);

  return (
    <div
      className="multi"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        // A press on an option's text moves the focus to the nearest focusable ancestor (the
        // panel) or to nothing: not a move elsewhere. Clicks outside close it by themselves.
        const next = event.relatedTarget as Node | null;
        const elsewhere = next && root.current && !root.current.contains(next);
        if (elsewhere && !next.contains(root.current)) setOpen(false);
      }}
    >
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="input multi__button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-expanded={open}
        aria-controls={`${id}-popover`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${id}-value`} className={value.length ? 'multi__value' : 'multi__value is-any'}>
          {summary(names)}
        </span>
        <span className="combo__chevron" aria-hidden="true" />
      </button>
      <div
        id={`${id}-popover`}
        className="popover multi__popover"
        role="group"
        aria-labelledby={`${id}-label`}
        hidden={!open}
      >
        {options.length >= FILTER_FROM && (
          <input
            className="input multi__filter"
            type="search"
            aria-label={`Filter ${label}`}
            placeholder="Type to filter"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
        <ul className="multi__list">
          {shown.map((option) => (
            <li key={option.id}>
              <label className="multi__option">
                <input
                  type="checkbox"
                  checked={value.includes(option.id)}
                  onChange={() => toggle(option.id)}
                />
                {option.name}
              </label>
            </li>
          ))}
          {shown.length === 0 && <li className="combo__none">No matches</li>}
        </ul>
        {value.length > 0 && (
          <button type="button" className="multi__reset" onClick={() => onChange([])}>
            Clear selection
          </button>
        )}
      </div>
    </div>
  );
}
