import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config/env.ts';
import type { Db } from '../src/db/client.ts';
import { migrateEmbedded, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { type SignedIn, signedInUser } from './factories.ts';

/**
 * Every test gets its own fresh, migrated database through the real app:
 * - default: in-memory PGlite cloned from a migrated template (~0.3 s instead of ~3 s);
 * - TEST_DATABASE_URL=postgres://…: a new database on that server, dropped afterwards.
 */
let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    await migrateEmbedded(client);
    const blob = await client.dumpDataDir('none');
    await client.close();
    return blob;
  })();
  return template;
}

/** A new, empty database on that PostgreSQL server, and how to drop it. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sn_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = { app: FastifyInstance; db: Db; config: Config; close: () => Promise<void> };

/** The configuration of a test's app on an embedded database in `dataDir`: no demo data, no web, quiet. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-test-'));
  const base = testConfig(dataDir, env);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const pgDb = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  const config: Config = {
    ...base,
    ...(pgDb
      ? { databaseUrl: pgDb.url }
      : { databaseUrl: 'memory://', pgliteTemplate: await pgliteTemplate() }),
    ...overrides,
  };
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return {
    app,
    db: app.deps.db,
    config,
    close: async () => {
      await app.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two API processes on one PostgreSQL database — the test's app and a second one built from its
 * config — for the suites proving that work shared by processes is done once. Registers the
 * describe block's setup and teardown; read `t` and `second` inside the tests.
 */
export function twoProcessesOnOneDatabase(): { t: TestApp; second: FastifyInstance } {
  const both = {} as { t: TestApp; second: FastifyInstance };
  beforeAll(async () => {
    both.t = await buildTestApp();
    both.second = await buildApp(both.t.config, { logger: false });
  });
  afterAll(async () => {
    await both.second?.close();
    await both.t?.close();
  });
  return both;
}

/**
 * A test app of its own for one describe block, with people signed in (each name's user fields:
 * `{ admin: { role: 'admin' }, student: {} }`, signed in in that order). Registers the block's
 * setup and teardown; the objects it returns are filled in before the block's tests run. Config
 * that is only known then (a server another hook starts) is given as a function.
 */
export function testAppWith<K extends string>(
  people: Record<K, Parameters<typeof signedInUser>[1]>,
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  env: Record<string, string> = {},
): { t: TestApp } & Record<K, SignedIn> {
  const t = {} as TestApp;
  const signedIn = Object.fromEntries(Object.keys(people).map((name) => [name, {}])) as Record<K, SignedIn>;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(typeof overrides === 'function' ? overrides() : overrides, env));
    for (const [name, fields] of Object.entries(people) as [K, Parameters<typeof signedInUser>[1]][]) {
      Object.assign(signedIn[name], await signedInUser(t, fields));
    }
  });
  afterAll(() => t.close?.());
  return { t, ...signedIn };
}

/** A test app of its own for one describe block, no one signed in (see `testAppWith`). */
export const testApp = (
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  env: Record<string, string> = {},
): TestApp => testAppWith({}, overrides, env).t;
