import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuAction {
  label: string;
  href?: string;
  onSelect?: () => void;
  danger?: boolean;
}

/** The mobile cards' three-dot menu: a menu button with links and actions, keyboard included. */
export default function MoreMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="more-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        className="icon-button"
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {open && (
        <ul className="menu more-menu__list" role="menu" id={id} aria-label={label}>
          {actions.map((action) => (
            <li role="none" key={action.label}>
              {action.href ? (
                <a role="menuitem" href={action.href}>
                  {action.label}
                </a>
              ) : (
                <button
                  role="menuitem"
                  type="button"
                  className={action.danger ? 'more-menu__danger' : undefined}
                  onClick={() => {
                    setOpen(false);
                    action.onSelect?.();
                  }}
                >
                  {action.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
