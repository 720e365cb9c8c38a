import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/env.ts';

/** Where uploaded files live. Keys are ours (never the client's file names), e.g. `hostels/ab12….jpg`. */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Public URL the browser loads the file from. */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export function localStorage(root: string): FileStorage {
  return {
    async put(key, data) {
      checkKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async remove(key) {
      checkKey(key);
      await rm(path.join(root, key), { force: true });
    },
    url: (key) => `/uploads/${key}`,
  };
}

export function createStorage(config: Config): FileStorage {
  return localStorage(path.join(config.dataDir, 'uploads'));
}
