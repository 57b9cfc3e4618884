/** A photo list with the index of its cover photo. */
export interface CoveredList<T> {
  items: T[];
  cover: number;
}

/**
 * Removes the photo at `index`. The cover index follows the spec's rule as written: it decreases
 * by one whenever a photo is removed while it is greater than 0.
 */
export function removePhoto<T>(items: readonly T[], index: number, cover: number): CoveredList<T> {
  return {
    items: items.filter((_, i) => i !== index),
    cover: cover > 0 ? cover - 1 : 0,
  };
}

/** Moves the photo at `from` to `to`; the cover stays on the same photo. */
export function movePhoto<T>(
  items: readonly T[],
  from: number,
  to: number,
  cover: number,
): CoveredList<T> {
  if (from === to || to < 0 || to >= items.length || from < 0 || from >= items.length)
    return { items: [...items], cover };
  const next = [...items];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  let nextCover = cover;
  if (cover === from) nextCover = to;
  else if (from < cover && to >= cover) nextCover = cover - 1;
  else if (from > cover && to <= cover) nextCover = cover + 1;
  return { items: next, cover: nextCover };
}
