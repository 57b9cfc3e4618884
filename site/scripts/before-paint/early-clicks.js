// On a page whose module scripts wait for its first photo (site/lib/after-photo.ts): every link
// or button clicked before they run is kept in window.spottedEarlyClicks, so that the scripts
// count those clicks (a listing's contacts, an ad) or replay them (a menu, a banner's button, a
// heart) when they start (site/scripts/early-clicks.ts). Replayed clicks are not kept again.
(() => {
  const clicked = [];
  window.spottedEarlyClicks = clicked;
  document.addEventListener('click', (event) => {
    const target = event.isTrusted && event.target?.closest?.('a[href], button');
    if (target) clicked.push(target);
  });
})();
