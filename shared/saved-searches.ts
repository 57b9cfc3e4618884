// Plain data, without zod: the search page's save button and the account section read it.

/** How new matches of a saved search reach its owner. */
export const savedSearchAlerts = ['instant', 'daily', 'off'] as const;
export type SavedSearchAlert = (typeof savedSearchAlerts)[number];

export const savedSearchNameMax = 60;
/** Saved searches one account may keep (the alert job's work grows with them). */
export const savedSearchesMax = 50;

export const savedSearchMessages = {
  saved: 'Search saved',
  updated: 'Saved search updated',
  removed: 'Saved search deleted',
  notFound: 'Saved search not found',
  tooMany: `You can keep at most ${savedSearchesMax} saved searches`,
  nameRequired: 'Give the search a name',
  unsubscribed: 'You will no longer get alerts for this search',
  badToken: 'This unsubscribe link is not valid',
  expiredToken:
    'This unsubscribe link has expired: you can turn the alerts off in your saved searches',
} as const;
