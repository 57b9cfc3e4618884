import { vi } from 'vitest';
import { createApiClient } from '#shared/api/client.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';

/** What the mock answers: the envelope and the HTTP status (0: the request got no answer). */
export type MockResult = Envelope<unknown> & { status: number };

/** The API as the providers' tests see it: each request as (method, path with its query, body). */
export type MockApi = (method: string, path: string, body?: unknown) => Promise<MockResult>;

export const mockApi = (answer: MockApi) => vi.fn<MockApi>(answer);

/** The typed client over a mock: what the providers send, as the mock sees it and answers. */
export function through(mock: MockApi) {
  return createApiClient({
    baseUrl: 'http://spotted.test',
    fetch: async (request) => {
      const url = new URL(request.url);
      const query = [...url.searchParams].map(([key, value]) => `${key}=${value}`).join('&');
      const path = url.pathname.replace(/^\/api\//, '') + (query ? `?${query}` : '');
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      const { status, ...envelope } = await mock(request.method, path, body);
      if (status === 0) throw new TypeError(envelope.message);
      return Response.json(envelope, { status });
    },
  });
}
