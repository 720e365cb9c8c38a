import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Only this process's user may enter DATA_DIR's directories and read or write its files. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * DATA_DIR holds the embedded database (password hashes, one-time codes in the WAL), the generated
 * secrets and the uploads: nobody else on the machine may read or change them.
 *
 * The umask makes everything this process creates from now on private (PostgreSQL's WAL segments
 * and relation files, uploads, secrets); the walk fixes what is already there, from an older version
 * or a copy made with loose modes. PGlite writes a few files with modes of its own (its initial data
 * directory and the relation cache files), so the app walks again once the database is open.
 * Returns the paths it could not change (owned by another user), for the caller to log.
 */
export function makeDataDirPrivate(dataDir: string): string[] {
  // A worker thread shares the process's umask and may not set it.
  if (isMainThread) process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return restrictTree(dataDir);
}

/** chmod every directory to 0700 and every file to 0600 under `root`; symbolic links are left alone. */
export function restrictTree(root: string): string[] {
  const failed: string[] = [];
  const visit = (p: string) => {
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(p);
    } catch {
      return; // removed meanwhile
    }
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o7777) !== wanted) {
      try {
        chmodSync(p, wanted);
      } catch {
        failed.push(p);
      }
    }
    if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(p);
    } catch {
      failed.push(p);
      return;
    }
    for (const name of names) visit(path.join(p, name));
  };
  visit(root);
  return failed;
}
