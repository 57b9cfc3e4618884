/** The account area's sections, in the sidebar's groups (the account menu's groups). */
export const accountGroups = [
  {
    title: 'Personal',
    links: [
      { section: 'profile-information', label: 'Profile information' },
      { section: 'my-listings', label: 'My listings' },
      { section: 'my-subscriptions', label: 'My subscriptions' },
      { section: 'messages', label: 'Messages' },
      { section: 'saved-searches', label: 'Saved searches' },
      { section: 'stock-feeds', label: 'Stock feeds', businessOnly: true },
    ],
  },
  {
    title: 'Wallet',
    links: [
      { section: 'credit-balance', label: 'Credit balance' },
      { section: 'my-transactions', label: 'My transactions' },
    ],
  },
  {
    title: 'About us',
    links: [
      { section: 'about', label: 'About' },
      { section: 'contact-support', label: 'Contact support' },
      { section: 'privacy-policy', label: 'Privacy policy' },
      { section: 'terms-of-use', label: 'Terms of Use' },
    ],
  },
] as const;

/** The section of a path: the URL with slashes and digits removed ('/my-transactions/12' → 'my-transactions'). */
export const sectionOf = (pathname: string) => pathname.replace(/[/\d]/g, '') || 'account';
