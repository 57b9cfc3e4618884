import { hash, verify, type Options } from '@node-rs/argon2';
import { configSchema } from '../config.ts';

/** argon2id's parameters for each `PASSWORD_HASH_COST` (server/config.ts). */
export const hashCosts = {
  // OWASP's recommended floor for argon2id.
  standard: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  // argon2's minimum: a test run registers hundreds of accounts and never stores a real password.
  test: { memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const satisfies Record<string, Options>;

// Read here rather than through the app's Deps: hashing is called from places (the seed, the
// services) that have no config at hand. loadConfig rejects a wrong value at start-up.
const cost = configSchema.shape.PASSWORD_HASH_COST.catch('standard').parse(
  process.env.PASSWORD_HASH_COST || undefined,
);
const options = hashCosts[cost];

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when no user matched, so a login takes as long either way. */
export const dummyHash = await hashPassword('not-a-real-password-0');
