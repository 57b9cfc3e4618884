// Before paint: a bare /search goes back to the search of this session, if there is one;
// the view decides whether mobile shows the filter panel or the results.
(() => {
  const { key } = document.currentScript.dataset;
  const saved = sessionStorage.getItem(key);
  if (location.search.length > 1) sessionStorage.setItem(key, location.search.slice(1));
  else if (saved) location.replace(`${location.pathname}?${saved}`);
  document.documentElement.dataset.searchView = location.search.length > 1 ? 'results' : 'filters';
})();
