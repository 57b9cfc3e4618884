// Up to 1024 px wide the home page's search is folded into a compact bar (by CSS); tapping it
// opens it from the first paint, before the page's module scripts have run.
(() => {
  const bar = document.getElementById('home-search-bar');
  const body = document.getElementById('home-search-body');
  bar.addEventListener('click', () => {
    const open = body.classList.toggle('is-open');
    bar.setAttribute('aria-expanded', String(open));
    if (open) document.getElementById('home-make').focus();
  });
})();
