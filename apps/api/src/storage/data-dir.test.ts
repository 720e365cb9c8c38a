import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signedInUser } from '../../test/factories.ts';
import { multipart, smallJpeg } from '../modules/hostels/hostels.fixtures.ts';

/** Every path under `root` whose mode is not 0700 (directory) or 0600 (file), with its mode. */
function loosePaths(root: string): string[] {
  const loose: string[] = [];
  const visit = (p: string) => {
    const stat = lstatSync(p);
    const mode = stat.mode & 0o7777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path.relative(root, p) || '.'} ${mode.toString(8)}`);
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else if (mode !== 0o600) {
      loose.push(`${path.relative(root, p)} ${mode.toString(8)}`);
    }
  };
  visit(root);
  return loose;
}

/** Every file under `root`, counted, to be sure the walk saw the database and the uploads. */
const fileCount = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

/** The embedded database in DATA_DIR/db, as a server without DATABASE_URL runs it. */
const embedded = { databaseUrl: undefined, pgliteTemplate: undefined };

describe('DATA_DIR permissions', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('makes a fresh DATA_DIR private: directories 0700, files 0600, uploads written later too', async () => {
    const t: TestApp = await buildTestApp(embedded);
    cleanups.push(() => t.close());
    const admin = (await signedInUser(t, { role: 'admin' })).headers;
    const form = await multipart({ hostel_name: 'Private Lodge', address: '1 Closed Door' }, [
      { data: await smallJpeg() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/hostels',
      payload: form.payload,
      headers: { ...form.headers, ...admin },
    });
    expect(res.statusCode).toBe(201);

    expect(fileCount(path.join(t.config.dataDir, 'db'))).toBeGreaterThan(500);
    expect(fileCount(path.join(t.config.dataDir, 'uploads'))).toBeGreaterThan(0);
    expect(loosePaths(t.config.dataDir)).toEqual([]);
  });

  it('fixes a DATA_DIR left with 0777 directories and 0666 files by an earlier start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-loose-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const db = new PGlite(path.join(dataDir, 'db'));
    await db.waitReady;
    await db.close();
    mkdirSync(path.join(dataDir, 'uploads', 'hostels'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'hostels', 'old.jpg'), await smallJpeg());
    writeFileSync(path.join(dataDir, 'jwt.secret'), 'an older generated secret');
    const loosen = (p: string) => {
      const stat = lstatSync(p);
      chmodSync(p, stat.isDirectory() ? 0o777 : 0o666);
      if (stat.isDirectory()) for (const name of readdirSync(p)) loosen(path.join(p, name));
    };
    loosen(dataDir);
    expect(loosePaths(dataDir).length).toBeGreaterThan(500);

    const t = await buildTestApp(embedded, { DATA_DIR: dataDir });
    cleanups.push(() => t.close());
    expect(t.config.dataDir).toBe(dataDir);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(loosePaths(dataDir)).toEqual([]);
  });
});
