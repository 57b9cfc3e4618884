import type { Named } from '#shared/schemas/catalog.ts';
import { Section } from './fields.tsx';

interface Props {
  id: string;
  title: string;
  items: readonly Named[];
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
}

/** Safety features or equipment: toggle chips, any number of them. */
export function FeaturesSection({ id, title, items, chosen, onChange }: Props) {
  const toggle = (itemId: number) =>
    onChange(chosen.includes(itemId) ? chosen.filter((c) => c !== itemId) : [...chosen, itemId]);
  return (
    <Section id={id} title={title}>
      <div className="chips" role="group" aria-labelledby={`${id}-title`}>
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            className="chip lf-chip"
            aria-pressed={chosen.includes(item.id)}
            onClick={() => toggle(item.id)}
          >
            {item.name}
          </button>
        ))}
      </div>
    </Section>
  );
}
