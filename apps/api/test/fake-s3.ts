import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed development credentials; it checks request signatures with them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type FakeS3 = { endpoint: string; close: () => Promise<void> };

/**
 * A real S3-compatible server in this process (s3rver) on a free local port, its files in a new
 * temporary directory, with `bucket` made. `close` stops it and removes the directory.
 */
export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studynest-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
