/** Notification types (`typeId`): 1 info (the default), 2 payment, 3 listing, 4 user. */
export const notificationTypeIds = { info: 1, payment: 2, listing: 3, user: 4 } as const;
