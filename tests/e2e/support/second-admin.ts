import { expect, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { needsSecondFactor } from '#shared/schemas/two-factor.ts';
import { testDatabaseUrl, withDatabase } from '../../support/postgres-url.ts';
import { totpCode } from '../../support/two-factor.ts';
import { apiOf, newUser, PASSWORD, type Session } from './api.ts';

/**
 * A second administrator, logged in: a new account made an administrator in the journeys'
 * database (the product makes administrators only from its settings), whose first login sets
 * two-factor login up. Needs the journeys' server on PostgreSQL (tests/e2e/support/fresh-database.ts).
 */
export async function secondAdmin(request: APIRequestContext): Promise<Session> {
  const account = await newUser(request, 'Moderator');
  const name = `spotted_e2e_${Number(process.env.E2E_PORT ?? 4399)}`;
  const db = new pg.Client({ connectionString: withDatabase(testDatabaseUrl, name) });
  await db.connect();
  try {
    await db.query('update users set role_id = 1 where id = $1', [account.userId]);
  } finally {
    await db.end();
  }
  const api = apiOf(request);
  const res = await api.call((r) =>
    r.user.login.$post({ json: { email: account.email, password: PASSWORD } }),
  );
  expect(res.code, res.message).toBe(0);
  if (!needsSecondFactor(res.data) || !res.data.enrolment)
    throw new Error('a new administrator’s first login should set two-factor login up');
  const json = {
    challengeToken: res.data.challengeToken,
    code: totpCode(res.data.enrolment.secret),
  };
  const done = await api.call((r) => r.user.login.code.$post({ json }));
  expect(done.code, done.message).toBe(0);
  const { recoveryCodes: _shownOnce, ...session } = done.data;
  return session;
}
