import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, IMMUTABLE, type Storage } from './storage.ts';

/** Where an `s3://bucket/prefix?endpoint=…&region=…` STORAGE_URL points. */
export interface S3Location {
  bucket: string;
  /** Prepended to every key (`spotted/` for `s3://bucket/spotted`), empty for the bucket's root. */
  prefix: string;
  endpoint?: string;
  region: string;
  /** Path-style addresses (`endpoint/bucket/key`), which most S3-compatible servers need. */
  pathStyle: boolean;
}

/** Reads STORAGE_URL; throws an error naming what is wrong. */
export function parseS3Url(url: string, env: Record<string, string | undefined> = process.env) {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) {
    throw new Error('must look like s3://bucket?endpoint=https://…&region=…');
  }
  const query = parsed.searchParams;
  const endpoint = query.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new Error('endpoint must be an http(s) URL');
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: parsed.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: query.get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    // AWS itself takes virtual-hosted addresses; a named endpoint is usually a server of another
    // make (MinIO, Ceph, Garage…), which takes path-style ones.
    pathStyle: query.has('pathStyle') ? query.get('pathStyle') !== 'false' : Boolean(endpoint),
  } satisfies S3Location;
}

const missing = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible bucket, through the official SDK. Credentials come from the SDK's standard
 * chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or the instance's role).
 */
export function s3Storage(location: S3Location, client = s3Client(location)): Storage {
  const { bucket, prefix } = location;
  const at = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };
  const read = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: at(key) }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: at(key),
          Body: body,
          ContentType: contentType,
          // A public bucket (STORAGE_PUBLIC_URL) serves the photo with the app's own caching.
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(key) {
      const object = await read(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async open(key) {
      const object = await read(key);
      if (!object?.Body) return null;
      return { body: object.Body.transformToWebStream(), size: object.ContentLength ?? null };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: at(key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(prefix.length),
            modifiedAt: object.LastModified ?? new Date(),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

function s3Client(location: S3Location) {
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.pathStyle,
    // Checksums only where S3 requires them: servers of other makes do not all know the newer
    // checksum headers, and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
