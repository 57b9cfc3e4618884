import { useLayoutEffect, useRef } from 'react';

/**
 * A controlled field's ref that takes what the visitor typed before its island hydrated: React
 * leaves the typed text in the input while hydrating but starts from the state's empty value, so
 * the first change after it (or the submit) would lose the text. Read once, as the island goes live.
 */
export function useTypedEarly<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  onChange: (value: string) => void,
) {
  const field = useRef<E>(null);
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed && typed !== value) onChange(typed);
    // Only at hydration: later the state is the field's value.
  }, []);
  return field;
}
