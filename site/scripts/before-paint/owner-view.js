// Before the listing paints: its owner sees the owner's parts (banner, Edit, Delete).
(() => {
  const { ownerId } = document.currentScript.dataset;
  if (localStorage.getItem('accessToken') && localStorage.getItem('userId') === ownerId)
    document.documentElement.dataset.viewer = 'owner';
})();
