export * from './listings.ts';
export * from './money.ts';
export * from './reference.ts';
export * from './services.ts';
export * from './users.ts';
