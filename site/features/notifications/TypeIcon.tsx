import { typeIconOf } from './type-icons.ts';

/** A notification type's icon in a coloured circle, named for screen readers. */
export default function TypeIcon({ typeId }: { typeId: number }) {
  const icon = typeIconOf(typeId);
  return (
    <span className={`type-icon type-icon--${icon.kind}`} title={icon.label}>
      <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d={icon.path} />
      </svg>
      <span className="visually-hidden">{icon.label}</span>
    </span>
  );
}
