export * from './conversations.ts';
export * from './listings.ts';
export * from './money.ts';
export * from './reference.ts';
export * from './services.ts';
export * from './users.ts';
export * from './saved-searches.ts';
export * from './prices.ts';
