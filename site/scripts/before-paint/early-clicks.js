// On a page whose module scripts wait for its first photo (site/lib/after-photo.ts): every link
// clicked before they run is kept in window.spottedEarlyClicks, so that the scripts that count
// clicks (a listing's contacts, an ad) count those too when they start (site/scripts/early-clicks.ts).
(() => {
  const links = [];
  window.spottedEarlyClicks = links;
  document.addEventListener('click', (event) => {
    const link = event.target?.closest?.('a[href]');
    if (link) links.push(link);
  });
})();
