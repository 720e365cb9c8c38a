import { constants } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.ts';

/** Where uploaded files live. Keys are ours (never the client's file names), e.g. `hostels/ab12….jpg`. */
export interface FileStorage {
  /** `disk` (DATA_DIR/uploads) or `s3`: named by GET /api/health. */
  readonly engine: 'disk' | 's3';
  /** Throws unless files can be stored: the directory is writable, or the bucket answers. */
  check(): Promise<void>;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * The file's absolute public URL: front ends on other origins (WEB_ORIGINS) and API clients
   * resolve it as it is, and a CDN in front (S3_PUBLIC_URL) needs no client change. The one place
   * image URLs in answers are made; every mapper calls it.
   */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/** Files under `root`, served by this process at `<publicUrl>/uploads/<key>` (plugins/static.ts). */
export function localStorage(root: string, publicUrl: string): FileStorage {
  const base = `${publicUrl.replace(/\/+$/, '')}/uploads`;
  return {
    engine: 'disk',
    check: () => access(root, constants.R_OK | constants.W_OK),
    async put(key, data) {
      checkKey(key);
      const file = path.join(root, key);
      // Private like the rest of DATA_DIR (storage/data-dir.ts); this process serves them.
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600 });
    },
    async remove(key) {
      checkKey(key);
      await rm(path.join(root, key), { force: true });
    },
    url: (key) => `${base}/${key}`,
  };
}

type S3Settings = NonNullable<Config['s3']>;

/**
 * An S3-compatible bucket (AWS, MinIO, R2, …) so several API processes share one set of photos.
 * The SDK is loaded on first use: it is large, and most installs never configure S3.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const endpoint = settings.endpoint?.replace(/\/+$/, '');
  const base = (
    settings.publicUrl ??
    (endpoint
      ? `${endpoint}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`)
  ).replace(/\/+$/, '');

  let client: Promise<{
    sdk: typeof import('@aws-sdk/client-s3');
    s3: import('@aws-sdk/client-s3').S3Client;
  }>;
  const connect = () => {
    client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        endpoint,
        // Self-hosted servers (MinIO, s3rver) rarely have per-bucket DNS names.
        forcePathStyle: Boolean(endpoint),
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    }));
    return client;
  };

  return {
    engine: 's3',
    async check() {
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.HeadBucketCommand({ Bucket: settings.bucket }));
    },
    async put(key, data, contentType) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          // Keys are fresh random names, never overwritten: cache forever.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async remove(key) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      // DeleteObject succeeds for a missing key, like rm --force.
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    url: (key) => `${base}/${key}`,
  };
}

export function createStorage(config: Config): FileStorage {
  if (config.s3) return s3Storage(config.s3);
  return localStorage(path.join(config.dataDir, 'uploads'), config.publicUrl);
}
