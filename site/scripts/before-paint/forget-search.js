// Leaving the search for any route but a listing forgets the saved search (the spec).
(() => {
  for (const key of JSON.parse(document.currentScript.dataset.keys)) sessionStorage.removeItem(key);
})();
