/** How many recently viewed cars are kept, in the browser and with an account. */
export const RECENT_MAX = 8;
