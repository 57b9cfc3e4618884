import { Agent } from 'node:https';
import webPush, { WebPushError } from 'web-push';
import {
  isKnownPushService,
  isPrivateLiteral,
  publicLookup,
  type PushReach,
} from './push-address.ts';
import type { VapidKeys } from './vapid.ts';

/** A browser's push subscription as stored. */
export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a web push shows: the notification's title and text, and the page a click opens. */
export interface WebPushMessage {
  title: string;
  body: string;
  url: string;
}

export interface WebPushSender {
  /** Sends one message to one browser; false when the push service no longer knows it. */
  send(target: WebPushTarget, message: WebPushMessage): Promise<boolean>;
}

/**
 * Web push through the `web-push` library: the payload encrypted for the browser (aes128gcm),
 * the request signed with the VAPID key. Kept a day at the push service while the browser is
 * away. Only the push services of `reach` are contacted, and, unless it allows private
 * addresses, only at public addresses, checked as the connection is made. An endpoint that is
 * not (any more) one of them is treated as gone. `ca` is for tests (a push service with its own
 * certificate).
 */
export function webPushSender(vapid: VapidKeys, reach: PushReach, ca?: Buffer): WebPushSender {
  const agent = new Agent({
    keepAlive: true,
    ...(reach.privateAddresses ? {} : { lookup: publicLookup }),
    ...(ca ? { ca } : {}),
  });
  return {
    async send(target, message) {
      const { hostname } = new URL(target.endpoint);
      if (!isKnownPushService(hostname, reach.services)) return false;
      if (!reach.privateAddresses && isPrivateLiteral(target.endpoint)) return false;
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          { vapidDetails: vapid, TTL: 86_400, timeout: 10_000, agent },
        );
        return true;
      } catch (err) {
        if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410))
          return false;
        throw err;
      }
    },
  };
}
