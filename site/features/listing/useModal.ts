import { useEffect, useRef } from 'react';

/**
 * A React-rendered native <dialog> opened as a modal on mount (focus trap, Escape, top layer).
 * `onClose` runs however it closes: Escape, a click outside it, or `ref.current.close()`.
 */
export function useModal(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const closed = () => onCloseRef.current();
    // A click on the backdrop lands on the dialog itself, outside its box.
    const outside = (event: MouseEvent) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    };
    dialog.addEventListener('close', closed);
    dialog.addEventListener('click', outside);
    return () => {
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('click', outside);
      if (dialog.open) dialog.close();
    };
  }, []);

  return ref;
}
