// Before paint, so that nothing moves once the page shows: the logged-in status decides which
// header the page shows, scripts fold what they fold (html.js), and the banners take their
// place (cookies until accepted; 'Get the app' on phones until closed this session).
(() => {
  const root = document.documentElement;
  root.classList.add('js');
  if (localStorage.getItem('accessToken')) root.dataset.auth = 'in';
  // Business accounts (role 3) see their own sections, such as stock feeds.
  if (localStorage.getItem('roleId') === '3') root.dataset.business = 'yes';
  if (localStorage.getItem('cookiesAccepted') !== 'true') root.dataset.cookies = 'ask';
  const agent = navigator.userAgent.toLowerCase();
  if (
    /android|iphone|ipad|ipod/.test(agent) &&
    sessionStorage.getItem('appBannerClosed') !== 'true'
  )
    root.dataset.appStore = agent.includes('android') ? 'play' : 'app';
})();
