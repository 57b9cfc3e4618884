import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

export function readServiceAccount(file: string): ServiceAccount {
  return serviceAccountSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export interface PushSender {
  /** Sends one notification to one device; false when the token is no longer valid. */
  send(token: string, title: string, body: string): Promise<boolean>;
}

/**
 * Firebase Cloud Messaging over its HTTP v1 API: an OAuth token from the service account (a
 * signed JWT exchanged at token_uri, kept until shortly before it expires), then one request per
 * message. No SDK: two HTTP calls are all it takes.
 */
export function fcmSender(account: ServiceAccount, baseUrl: string): PushSender {
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const key = await importPKCS8(account.private_key, 'RS256');
    const assertion = await new SignJWT({
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
    });
    if (!response.ok) throw new Error(`Firebase token request failed with ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return cached.token;
  }

  return {
    async send(token, title, body) {
      const response = await fetch(`${baseUrl}/v1/projects/${account.project_id}/messages:send`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ message: { token, notification: { title, body } } }),
      });
      if (response.status === 404 || response.status === 400) return false;
      if (!response.ok) throw new Error(`Firebase send failed with ${response.status}`);
      return true;
    },
  };
}
