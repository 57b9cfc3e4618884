// On a listing page, before its scripts run (they wait for its photo): taps on the listing's
// tel: and mailto: links are kept in window.spottedContactTaps ('phone' or 'email'), and
// contact-reveals.ts counts them when it starts (it sets `live`, and counts the rest itself).
(() => {
  const early = { taps: [], live: false };
  window.spottedContactTaps = early;
  document.addEventListener('click', (event) => {
    const link = event.target?.closest?.('.listing a[href^="tel:"], .listing a[href^="mailto:"]');
    if (link && !early.live)
      early.taps.push(link.getAttribute('href').startsWith('tel:') ? 'phone' : 'email');
  });
})();
