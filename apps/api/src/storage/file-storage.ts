import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.ts';

/** Where uploaded files live. Keys are ours (never the client's file names), e.g. `hostels/ab12….jpg`. */
export interface FileStorage {
  /** `disk` (DATA_DIR/uploads) or `s3`: named by GET /api/health. */
  readonly engine: 'disk' | 's3';
  /** Throws unless files can be stored: the directory is writable, or the bucket answers. */
  check(): Promise<void>;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when no file has this key. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /**
   * Every file whose key starts with `folder`, which ends in `/` so that `receipts/sn-1/` never
   * takes `receipts/sn-10/`: e.g. every stored PDF of a receipt once its payer's account is
   * deleted. A folder with nothing in it is fine.
   */
  removeFolder(folder: string): Promise<void>;
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
function checkFolder(folder: string) {
  checkKey(folder);
  if (!folder.endsWith('/')) throw new Error(`A storage folder ends in "/": ${folder}`);
}

/**
 * Files nobody fetches by URL: the API reads them and sends them itself, after its own checks
 * (receipt PDFs, docs/decisions/0022-receipt-pdfs-stored-and-built-off-the-event-loop.md).
 */
export type PrivateStorage = Omit<FileStorage, 'url'>;

/** What the image pipeline writes photos to: public storage, or private (a tenant's room). */
export type PhotoStore = Pick<FileStorage, 'put' | 'remove'>;

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
      // Written aside, then renamed into place (atomic): a reader, in this process or another
      // sharing the directory, finds the whole file or none, even if we die halfway.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, data, { mode: 0o600 });
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      checkKey(key);
      try {
        return await readFile(path.join(root, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      checkKey(key);
      await rm(path.join(root, key), { force: true });
    },
    async removeFolder(folder) {
      checkFolder(folder);
      await rm(path.join(root, folder), { recursive: true, force: true });
    },
    url: (key) => `${base}/${key}`,
  };
}

type S3Settings = NonNullable<Config['s3']>;

/**
 * An S3-compatible bucket (AWS, MinIO, R2, …) so several API processes share one set of photos.
 * The SDK is loaded on first use: it is large, and most installs never configure S3.
 * `prefix` puts every key under a folder of the bucket (the private files' `private/`), and
 * `cacheControl` is what the objects say to caches.
 */
export function s3Storage(
  settings: S3Settings,
  { prefix = '', cacheControl = 'public, max-age=31536000, immutable' } = {},
): FileStorage {
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
          Key: `${prefix}${key}`,
          Body: data,
          ContentType: contentType,
          // Photo keys are fresh random names, never overwritten: cache forever.
          CacheControl: cacheControl,
        }),
      );
    },
    async get(key) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      try {
        const res = await s3.send(
          new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: `${prefix}${key}` }),
        );
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(key) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      // DeleteObject succeeds for a missing key, like rm --force.
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: `${prefix}${key}` }));
    },
    async removeFolder(folder) {
      checkFolder(folder);
      const { sdk, s3 } = await connect();
      // A listing gives at most 1,000 keys, as many as one DeleteObjects takes. Each round lists
      // from the start again: what the last one deleted is gone, so no continuation token is needed.
      for (;;) {
        const listed = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${prefix}${folder}` }),
        );
        const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length === 0) return;
        const res = await s3.send(
          new sdk.DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        // DeleteObjects answers 200 even when some keys failed; they are named in Errors.
        const failed = res.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `Could not remove ${failed.length} of ${keys.length} files under ${folder}: ${first?.Key} (${first?.Code}: ${first?.Message})`,
          );
        }
        if (!listed.IsTruncated) return;
      }
    },
    url: (key) => `${base}/${prefix}${key}`,
  };
}

export function createStorage(config: Config): FileStorage {
  if (config.s3) return s3Storage(config.s3);
  return localStorage(path.join(config.dataDir, 'uploads'), config.publicUrl);
}

/**
 * The same engines for files that are not public: DATA_DIR/private, which nothing serves, or the
 * bucket's `private/` folder, whose objects tell caches not to keep them. Give public read on the
 * bucket to the photo folders only (docs/deploy.md); the private keys are unguessable besides.
 */
export function createPrivateStorage(config: Config): PrivateStorage {
  if (config.s3) return s3Storage(config.s3, { prefix: 'private/', cacheControl: 'private, no-store' });
  return localStorage(path.join(config.dataDir, 'private'), config.publicUrl);
}
