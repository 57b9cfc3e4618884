import { createApiClient } from '#shared/api/client.ts';
import { sessionStore } from '#shared/session.ts';

/**
 * The one door to the API that the data and auth providers share: the typed client with the
 * bearer token from the stored session and one silent refresh on a 401; tests pass a mock instead.
 */
export const api = createApiClient({ session: sessionStore });
