import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { pageCacheHits } from '../ops/metrics.ts';
import { joinHeader, type PageCache, type PageRequest } from './page-cache.ts';

/**
 * One request of the lane: a plain GET or HEAD of HTTP/1.1, with what a kept page's answer
 * depends on.
 */
export interface LaneRequest extends PageRequest {
  target: string;
  /** The client asked to close the connection after the answer. */
  close: boolean;
}

/** Larger requests go to Node's http, which answers 431 past its own limit. */
const MAX_REQUEST_BYTES = 8 * 1024;

/**
 * The whole of a request the lane takes, and nothing more: the request line, header lines of a
 * token, a colon and visible characters (or tabs), and the blank line. No obsolete line folding,
 * no bare CR or LF, nothing after the blank line (a second, pipelined request), and no version but
 * 1.1. Anything else is Node's to parse, accept or refuse.
 */
const PLAIN_REQUEST =
  /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1\r\n((?:[!#$%&'*+\-.^_`|~0-9A-Za-z]+:[\t\x20-\x7e\x80-\xff]*\r\n)*)\r\n$/;

const CLOSE = /(?:^|,)[ \t]*close[ \t]*(?:,|$)/i;

const trimmed = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');

/**
 * Reads `text` (one read from a connection, as Latin-1) as a request the lane may answer, or null
 * when it is not one: any other method or version, a request with a body or credentials, an
 * upgrade, an expectation, a host missing or repeated, or more or less than one whole request.
 * The lane is stricter than Node's parser, never looser: what it takes, Node would have read as
 * the same request.
 */
export function laneRequest(text: string): LaneRequest | null {
  if (text.length > MAX_REQUEST_BYTES) return null;
  const plain = PLAIN_REQUEST.exec(text);
  if (!plain) return null;
  const [, method, target = '/', lines = ''] = plain;
  const request: LaneRequest = {
    target,
    head: method === 'HEAD',
    ifNoneMatch: undefined,
    acceptEncoding: undefined,
    close: false,
  };
  let hosts = 0;
  for (let at = 0; at < lines.length;) {
    const end = lines.indexOf('\r\n', at);
    const colon = lines.indexOf(':', at);
    const name = lines.slice(at, colon).toLowerCase();
    const value = trimmed(lines.slice(colon + 1, end));
    at = end + 2;
    switch (name) {
      case 'host':
        hosts++;
        break;
      case 'if-none-match':
        request.ifNoneMatch = joinHeader(request.ifNoneMatch, value);
        break;
      case 'accept-encoding':
        request.acceptEncoding = joinHeader(request.acceptEncoding, value);
        break;
      case 'connection':
        if (/upgrade/i.test(value)) return null;
        if (CLOSE.test(value)) request.close = true;
        break;
      case 'authorization':
      case 'content-length':
      case 'transfer-encoding':
      case 'expect':
      case 'upgrade':
        return null;
    }
  }
  return hosts === 1 ? request : null;
}

/** The headers of the connection, as Node's http writes them, made again each second. */
class ConnectionHeaders {
  #second = -1;
  #open = Buffer.alloc(0);
  #closing = Buffer.alloc(0);
  readonly #keepAlive: string;

  constructor(keepAliveMs: number) {
    this.#keepAlive = `Keep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n`;
  }

  get(close: boolean): Buffer {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== this.#second) {
      const date = `Date: ${new Date(now).toUTCString()}\r\n`;
      this.#open = Buffer.from(`${date}Connection: keep-alive\r\n${this.#keepAlive}\r\n`, 'latin1');
      this.#closing = Buffer.from(`${date}Connection: close\r\n\r\n`, 'latin1');
      this.#second = second;
    }
    return close ? this.#closing : this.#open;
  }
}

/** What `drain` needs of the lane. */
export interface Lane {
  /** Takes no more requests and ends its connections (all idle between two requests). */
  close(): void;
  /** Cuts the connections still open (a client that never closed its side). */
  closeAll(): void;
}

/**
 * The page lane: each new connection of `http` first meets the lane, which answers kept pages
 * straight from the page cache, writing the answer (status line, headers and body kept as bytes)
 * to the socket in one write. Node's http builds a request and a response object, their streams
 * and their events for each request: on a 2-core host that is most of what a kept page costs,
 * and the lane answers two to three times as many.
 *
 * At the first request the lane does not answer itself (not a kept page, not a plain request, a
 * request split over several reads), the connection is given to Node's http with what was read,
 * and stays there: every request after it goes through Node's parser and the app, kept pages
 * included. A connection that only asks for kept pages (a crawler, a monitor, a CDN fetching
 * pages) stays in the lane.
 */
export function pageLane(http: Server, pages: PageCache): Lane {
  const [nodeConnection] = http.listeners('connection') as ((socket: Socket) => void)[];
  if (!nodeConnection) throw new Error('pageLane: the server has no connection listener');
  http.removeAllListeners('connection');
  const connectionHeaders = new ConnectionHeaders(http.keepAliveTimeout);
  const open = new Set<Socket>();
  let closing = false;

  http.on('connection', (socket: Socket) => {
    if (closing) return nodeConnection.call(http, socket);
    open.add(socket);
    // Idle past the keep-alive time, or failed: nothing is under way to finish.
    const destroy = () => socket.destroy();
    // Node's http takes connections half-open and ends them itself when the client has.
    const ended = () => socket.end();
    const handOver = (read: Buffer) => {
      open.delete(socket);
      socket.off('data', onData);
      socket.off('timeout', destroy);
      socket.off('error', destroy);
      socket.off('end', ended);
      socket.setTimeout(0);
      socket.unshift(read);
      nodeConnection.call(http, socket);
    };
    const onData = (read: Buffer) => {
      const request = closing ? null : laneRequest(read.toString('latin1'));
      const page = request && pages.get(request.target);
      if (!request || !page) return handOver(read);
      pageCacheHits.count++;
      const { kind, body } = pages.answer(page, request);
      socket.cork();
      socket.write(pages.rawHead(page, kind));
      socket.write(connectionHeaders.get(request.close));
      if (body) socket.write(body);
      socket.uncork();
      if (request.close) socket.end();
      else if (socket.writableNeedDrain) {
        // A client that asks without reading its answers waits for them to go out.
        socket.pause();
        socket.once('drain', () => socket.resume());
      }
    };
    socket.setNoDelay(true);
    socket.setTimeout(http.keepAliveTimeout);
    socket.on('timeout', destroy);
    socket.on('error', destroy);
    socket.on('end', ended);
    socket.on('close', () => open.delete(socket));
    socket.on('data', onData);
  });

  return {
    close() {
      closing = true;
      // Between two of its requests a lane connection is idle: its answers are written whole.
      for (const socket of open) socket.end();
    },
    closeAll() {
      for (const socket of open) socket.destroy();
    },
  };
}
