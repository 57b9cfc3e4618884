import type { ClientDirective } from 'astro';

/**
 * `client:painted`: an island hydrates once the page's first photo has painted (the page's
 * after-photo script sets `<html data-painted>`) and the browser is idle. `client:idle` alone let
 * a listing page fetch React before its photo painted.
 */
const painted: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
  };
  if (document.documentElement.dataset.painted !== undefined) whenIdle();
  else document.addEventListener('painted', whenIdle, { once: true });
};

export default painted;
