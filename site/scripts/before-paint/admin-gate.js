// The panel's scripts are large: before anything paints, nobody logged in goes to the login
// screen and a non-admin to the site (authProvider's entryRedirect, which the panel applies
// again once it loads), and an admin sees the loader until it does.
(() => {
  const { login, site, admin } = document.currentScript.dataset;
  const stored = (key) => localStorage.getItem(key);
  const signedIn = stored('accessToken') && Number(stored('userId')) > 0;
  const target = !signedIn ? login : stored('roleId') === admin ? null : site;
  if (target) {
    document.documentElement.style.visibility = 'hidden';
    location.replace(target);
  }
})();
