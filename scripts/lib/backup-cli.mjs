// What db-backup.mjs and db-restore.mjs share: argument errors that say what to type, and running
// the PostgreSQL and tar programs with their own error output shown.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** Stop with a message and the usage, exit code 2 (a wrong command line, not a failed backup). */
export function usageError(message, usage) {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/** Stop with a message, exit code 1. */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Run a program; on failure stop with its name and what it printed. */
export function runTool(cmd, args, { env } = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...env } });
  if (r.error?.code === 'ENOENT') {
    fail(`${cmd} is not installed. On Debian/Ubuntu: apt-get install postgresql-client (and tar).`);
  }
  if (r.status !== 0) fail(`${cmd} failed (exit ${r.status}):\n${r.stderr.toString().trim()}`);
  return r;
}

export const isEmptyDir = (dir) => !existsSync(dir) || readdirSync(dir).length === 0;

/** A postgres:// URL with the password hidden, for messages. */
export function redacted(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export function postgresUrl(value, usage, what) {
  if (!value)
    usageError(`${what} is missing: pass --database-url postgres://… (or set DATABASE_URL).`, usage);
  if (!/^postgres(ql)?:\/\//.test(value)) {
    usageError(
      `${what} must be a postgres:// URL, not '${value}'. The embedded database (PGlite) is backed up by copying DATA_DIR while the server is stopped.`,
      usage,
    );
  }
  return value;
}

/**
 * pg_dump's or pg_restore's major version, which must be at least the server's (its
 * server_version_num): an older tool cannot read a newer server. Stops when it is older.
 */
export function toolMajorFor(cmd, serverVersionNum) {
  const r = spawnSync(cmd, ['--version'], { encoding: 'utf8' });
  if (r.error?.code === 'ENOENT')
    fail(`${cmd} is not installed. On Debian/Ubuntu: apt-get install postgresql-client.`);
  const major = Number(/(\d+)(\.\d+)?/.exec(r.stdout)?.[1]);
  const server = Math.floor(serverVersionNum / 10000);
  if (major < server) {
    fail(
      `${cmd} ${major} is older than the PostgreSQL ${server} server: install postgresql-client-${server}.`,
    );
  }
  return major;
}

/** How many files there are under `dir`, at any depth. */
export const fileCount = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

/**
 * The command line of both scripts: `--database-url`, `--uploads`, `--no-uploads`, `--help`, plus
 * the directory option `dirOption` (`out` or `from`). A wrong option stops with the usage.
 */
export function parseCommandLine(dirOption, usage) {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        [dirOption]: { type: 'string' },
        'database-url': { type: 'string' },
        uploads: { type: 'string' },
        'no-uploads': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    usageError(err.message, usage);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
