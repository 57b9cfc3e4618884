// Before paint, so that nothing moves once the page shows: the logged-in status decides which
// header the page shows, scripts fold what they fold (html.js), and the banners take their
// place (cookies until accepted; 'Get the app' on phones until closed this session).
(() => {
  const root = document.documentElement;
  // A language the visitor chose with the switch (the `language` cookie) is kept: a page in
  // another language is swapped for its own address in the chosen one before it shows.
  const chosen = /(?:^|; )language=(en|mt|it)(?:;|$)/.exec(document.cookie)?.[1];
  if (chosen && chosen !== root.lang && root.dataset.languages === 'all') {
    const bare = location.pathname.replace(/^\/(mt|it)(?=\/|$)/, '') || '/';
    const path = chosen === 'en' ? bare : `/${chosen}${bare === '/' ? '/' : bare}`;
    location.replace(path + location.search + location.hash);
  }
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
