import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import type { PushSubscriptionInput } from '#shared/schemas/push.ts';

/**
 * The push service test browsers subscribe at: a public address, so that no name is looked up
 * (these machines reach no DNS beyond the package registries), and the one service a context with
 * `pushSettings` accepts. Nothing is ever sent there: the tests run no push job against it.
 */
export const TEST_PUSH_SERVICE = '8.8.8.8';
/** The settings of a test context whose browsers subscribe at TEST_PUSH_SERVICE. */
export const pushSettings = { PUSH_SERVICES: TEST_PUSH_SERVICE };

/**
 * A browser's side of web push for tests: a P-256 key pair and an auth secret as
 * pushManager.subscribe makes them, and the decryption of what a push service hands it.
 */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription: PushSubscriptionInput = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return {
    subscription,
    /** The plain text of an aes128gcm body (RFC 8188 and RFC 8291), one record. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
      const derive = (label: string, length: number) =>
        Buffer.from(
          hkdfSync('sha256', ikm, salt, Buffer.from(`Content-Encoding: ${label}\0`), length),
        );
      const decipher = createDecipheriv(
        'aes-128-gcm',
        derive('aes128gcm', 16),
        derive('nonce', 12),
      );
      decipher.setAuthTag(cipherText.subarray(-16));
      const padded = Buffer.concat([
        decipher.update(cipherText.subarray(0, -16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zero or more padding zeros.
      const end = padded.findLastIndex((byte) => byte !== 0);
      if (padded[end] !== 2) throw new Error('the last record has no delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
