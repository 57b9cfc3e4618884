/** The spec's carousel step: 355 px over 500 ms. */
export const STEP_PX = 355;
export const STEP_MS = 500;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls `el` sideways by `by` pixels over `duration` ms (at once when motion is reduced). */
export function animateScroll(el: HTMLElement, by: number, duration = STEP_MS) {
  const start = el.scrollLeft;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    el.scrollLeft = start + by;
    return;
  }
  const t0 = performance.now();
  const frame = (now: number) => {
    const progress = Math.min(1, (now - t0) / duration);
    el.scrollLeft = start + by * easeInOut(progress);
    if (progress < 1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
