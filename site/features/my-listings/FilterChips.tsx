interface Option<T> {
  value: T;
  label: string;
}

interface Props<T> {
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** The Filters control of the account lists: one pressed chip per choice. */
export default function FilterChips<T>({ label, options, value, onChange }: Props<T>) {
  return (
    <div className="chips" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.label}
          className="chip"
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
