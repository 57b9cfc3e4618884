// Once the page is parsed and its first photo has painted (the image it asks for at high
// priority: a listing's cover, the home page's first card), or after the first frame on a page
// without one: the module scripts a page put off (site/lib/after-photo.ts: they wait in
// <template data-after-photo>, where the browser neither fetches nor runs them) join the page and
// run, <html data-painted> is set and a 'painted' event goes to the document (client:painted
// islands hydrate then). A photo that never loads (an error, a layout that hides it) holds
// nothing back past 2.5 s. Inline, with the scripts that run before paint (allowed by its hash):
// it asks for nothing itself.
(() => {
  const parsed = new Promise((resolve) => {
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', resolve, { once: true });
    else resolve();
  });
  const photoReady = () => {
    const photo = document.querySelector('img[fetchpriority="high"]');
    if (!photo) return undefined;
    const loaded = photo.complete
      ? Promise.resolve()
      : new Promise((resolve) => {
          photo.addEventListener('load', resolve, { once: true });
          photo.addEventListener('error', resolve, { once: true });
        });
    const decoded = loaded.then(() => photo.decode().catch(() => undefined));
    return Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 2500))]);
  };
  // After the next frame has painted (a hidden tab paints none: a timer answers there).
  const nextFrame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 250);
    });
  void parsed
    .then(photoReady)
    .then(nextFrame)
    .then(() => {
      // Scripts cloned out of a template run when they join the document.
      for (const template of document.querySelectorAll('template[data-after-photo]'))
        template.replaceWith(template.content.cloneNode(true));
      document.documentElement.dataset.painted = '';
      document.dispatchEvent(new Event('painted'));
    });
})();
