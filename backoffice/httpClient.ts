import { createApiClient, type ApiClient } from '#shared/api/client.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import { sessionStore } from './session.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What every call answers: the API's envelope and the HTTP status (0 when nothing came back). */
export type HttpResult = Envelope<unknown> & { status: number };

/** The one door to the API that the data and auth providers share; tests pass a mock instead. */
export type HttpClient = (method: HttpMethod, path: string, body?: unknown) => Promise<HttpResult>;

/** The shared typed client: bearer token from the stored session, one silent refresh on a 401. */
export const api: ApiClient = createApiClient({ session: sessionStore });

export const httpClient: HttpClient = (method, path, body) => {
  switch (method) {
    case 'GET':
      return api.get(path);
    case 'POST':
      return api.post(path, body);
    case 'PUT':
      return api.put(path, body);
    case 'DELETE':
      return api.delete(path);
  }
};
