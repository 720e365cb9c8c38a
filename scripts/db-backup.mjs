#!/usr/bin/env node
// npm run db:backup -- --out DIR [--database-url postgres://…] [--uploads DIR | --no-uploads]
// A PostgreSQL database in pg_dump's custom format (one consistent snapshot, taken while the API
// keeps serving) and the uploaded photos as a tar, into DIR: database.dump, uploads.tar, backup.json.
// The uploads directory defaults to $DATA_DIR/uploads (./data/uploads); --no-uploads when photos
// are in an S3 bucket (back the bucket up with its own versioning or replication).
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
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

const USAGE = `usage: npm run db:backup -- --out DIR [--database-url postgres://…] [--uploads DIR | --no-uploads]
  --out DIR            a new or empty directory for database.dump, uploads.tar and backup.json
  --database-url URL   the database to back up (default: $DATABASE_URL)
  --uploads DIR        the photos directory (default: $DATA_DIR/uploads, or ./data/uploads)
  --no-uploads         photos are in S3: back up the database only`;

const args = parseCommandLine('out', USAGE);
if (!args.out) usageError('--out is missing: the directory to write the backup into.', USAGE);
const url = postgresUrl(args['database-url'] ?? process.env.DATABASE_URL, USAGE, 'The database to back up');
const out = path.resolve(args.out);
if (!isEmptyDir(out)) fail(`${out} is not empty: choose a new directory for each backup.`);
const uploads = args['no-uploads']
  ? undefined
  : path.resolve(args.uploads ?? path.join(process.env.DATA_DIR ?? 'data', 'uploads'));
if (uploads && !statSync(uploads, { throwIfNoEntry: false })?.isDirectory()) {
  usageError(
    `The uploads directory ${uploads} does not exist: pass --uploads DIR, or --no-uploads when photos are in S3.`,
    USAGE,
  );
}

const client = new pg.Client({ connectionString: url });
await client.connect().catch((err) => fail(`Cannot connect to ${redacted(url)}: ${err.message}`));
const { rows } = await client.query(
  "select current_database() as name, current_setting('server_version_num')::int as version",
);
await client.end();
const server = rows[0];
const dumpMajor = toolMajorFor('pg_dump', server.version);

mkdirSync(out, { recursive: true, mode: 0o700 });
const started = new Date();
// The database first: a photo's files are written before its row is committed, so every photo row
// in the dump has its files in the tar taken after it.
runTool('pg_dump', [
  '--format=custom',
  '--compress=6',
  `--file=${path.join(out, 'database.dump')}`,
  `--dbname=${url}`,
]);
let files = 0;
if (uploads) {
  runTool('tar', ['--create', `--file=${path.join(out, 'uploads.tar')}`, `--directory=${uploads}`, '.']);
  files = fileCount(uploads);
}
const manifest = {
  created_at: started.toISOString(),
  database: server.name,
  server_version_num: server.version,
  pg_dump_major: dumpMajor,
  uploads: uploads ? { files } : null,
};
writeFileSync(path.join(out, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
console.log(
  `backed up ${server.name} (${redacted(url)})${uploads ? ` and ${files} files from ${uploads}` : ''} into ${out} in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s`,
);
