import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks the signature with them). */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3 {
  /** The STORAGE_URL of the bucket. */
  url: string;
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, objects on disk) on 127.0.0.1 with an empty bucket `photos`:
 * the SDK speaks HTTP to it exactly as to a bucket elsewhere.
 */
export async function startS3(port = 0): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'spotted-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: 'photos' }],
  });
  const { port: bound } = await server.run();
  const endpoint = `http://127.0.0.1:${bound}`;
  // The SDK reads its credentials from the standard variables, as in production.
  Object.assign(process.env, S3_CREDENTIALS);
  return {
    url: `s3://photos?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-1`,
    endpoint,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
