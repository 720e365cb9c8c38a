#!/usr/bin/env node
// npm run db:restore -- --from DIR --database-url postgres://…/NEW_DATABASE --uploads NEW_DIR
// Restores a backup made by db:backup into a database that does not exist yet (created here) or
// is empty, and its photos into a new or empty directory: never over live data. Point the API at
// them (DATABASE_URL, DATA_DIR whose uploads/ is NEW_DIR) once this has finished.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  fail,
  fileCount,
  isEmptyDir,
  parseCommandLine,
  postgresUrl,
  redacted,
  runTool,
  toolMajorFor,
  usageError,
} from './lib/backup-cli.mjs';

const USAGE = `usage: npm run db:restore -- --from DIR --database-url postgres://…/NEW_DATABASE [--uploads NEW_DIR | --no-uploads]
  --from DIR           a directory written by db:backup
  --database-url URL   the database to restore into: it must not exist yet (it is created) or be empty
  --uploads NEW_DIR    a new or empty directory for the photos (required when the backup has them)
  --no-uploads         restore the database only`;

const args = parseCommandLine('from', USAGE);
if (!args.from) usageError('--from is missing: the directory db:backup wrote.', USAGE);
const from = path.resolve(args.from);
const dump = path.join(from, 'database.dump');
const tar = path.join(from, 'uploads.tar');
if (!existsSync(dump)) fail(`${dump} does not exist: --from must be a directory written by db:backup.`);
// The target is named on purpose: DATABASE_URL (the live database) is never a default here.
const url = postgresUrl(args['database-url'], USAGE, 'The database to restore into');
const withUploads = !args['no-uploads'] && existsSync(tar);
if (withUploads && !args.uploads) {
  usageError(
    '--uploads is missing: a new or empty directory for the photos in this backup (or --no-uploads).',
    USAGE,
  );
}
const uploads = withUploads ? path.resolve(args.uploads) : undefined;
if (uploads && !isEmptyDir(uploads))
  fail(`${uploads} is not empty: restore the photos into a new directory.`);

const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[A-Za-z0-9_]+$/.test(name))
  fail(`'${name}' is not a database name this script creates (letters, digits, _).`);
const admin = new URL(url);
admin.pathname = '/postgres';
const adminClient = new pg.Client({ connectionString: admin.toString() });
await adminClient
  .connect()
  .catch((err) => fail(`Cannot connect to ${redacted(admin.toString())}: ${err.message}`));
const exists = (await adminClient.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
if (!exists) await adminClient.query(`create database "${name}"`);
const { rows } = await adminClient.query("select current_setting('server_version_num')::int as version");
await adminClient.end();
if (exists) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const tables = await c.query(
    "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
  );
  await c.end();
  if (tables.rows[0].n > 0) fail(`The database ${name} already has tables: restore into a new database.`);
}
toolMajorFor('pg_restore', rows[0].version);

const started = Date.now();
// One transaction: a restore that fails half-way leaves an empty database, not a partial one.
runTool('pg_restore', [
  '--no-owner',
  '--no-privileges',
  '--exit-on-error',
  '--single-transaction',
  `--dbname=${url}`,
  dump,
]);
let files = 0;
if (uploads) {
  mkdirSync(uploads, { recursive: true, mode: 0o700 });
  runTool('tar', ['--extract', `--file=${tar}`, `--directory=${uploads}`, '--no-same-owner']);
  files = fileCount(uploads);
}
console.log(
  `restored ${from} into ${redacted(url)}${uploads ? ` and ${files} files into ${uploads}` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
