import type { Server } from 'node:http';

const IDLE_SWEEP_MS = 100;

/**
 * Stops `server` gracefully: it takes no new connection, answers the requests in flight (a request
 * arriving meanwhile on a kept-alive connection is answered with `Connection: close`), closes each
 * connection as soon as it is idle, and after `graceMs` cuts what is left.
 * Resolves with the number of connections it had to cut.
 */
export async function drain(server: Server, graceMs: number): Promise<number> {
  server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A connection whose answer was under way at close becomes idle once it is sent.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.closeIdleConnections();
  let deadline: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => (deadline = setTimeout(() => resolve(true), graceMs))),
  ]);
  clearInterval(sweep);
  clearTimeout(deadline);
  if (!late) return 0;
  const open = await new Promise<number>((resolve) =>
    server.getConnections((_err, count) => resolve(count)),
  );
  server.closeAllConnections();
  await closed;
  return open;
}
