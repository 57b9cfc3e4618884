import { createApiClient } from '#shared/api/client.ts';
import { sessionStore } from '#shared/session.ts';

/** The browser's API client: same origin, bearer token from the stored session, silent refresh. */
export const api = createApiClient({ session: sessionStore });
