import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/build-test-app.ts';
import { sessions, users } from './modules/auth/auth.schema.ts';
import { runStartupTasks } from './startup.ts';

/** A logger that keeps every line it is given, to check what start-up writes to the log. */
function recordingLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('start-up accounts', () => {
  const t = testApp();

  const start = (overrides: Partial<TestApp['config']>, log = recordingLog().log) => {
    const config = { ...t.config, databaseUrl: undefined, admin: undefined, seedDemo: false, ...overrides };
    return runStartupTasks({ ...t.app.deps, config, log }, 'pglite');
  };
  const localAdmin = () => t.db.select().from(users).where(eq(users.email, 'admin@studynest.local')).limit(1);

  it('creates no local admin in production', async () => {
    await start({ env: 'production' });
    expect(await localAdmin()).toEqual([]);
  });

  it('keeps the local admin password in a 0600 file and never writes it to the log', async () => {
    const { log, lines } = recordingLog();
    await start({}, log);
    const file = path.join(t.config.dataDir, 'admin-password.txt');
    const [email, password] = readFileSync(file, 'utf8').trim().split('\n');
    expect(email).toBe('admin@studynest.local');
    expect(password!.length).toBeGreaterThanOrEqual(16);
    expect(lines.join('\n')).toContain(file);
    expect(lines.join('\n')).not.toContain(password);
    expect(await localAdmin()).toHaveLength(1);
  });

  it('refuses a common ADMIN_PASSWORD', async () => {
    await expect(start({ admin: { email: 'ops@example.com', password: 'password123' } })).rejects.toThrow(
      /ADMIN_PASSWORD: This password is too common/,
    );
  });

  it('rewrites the configured admin only when ADMIN_PASSWORD changed, then ends its sessions', async () => {
    const admin = { email: `ops.${Date.now()}@example.com`, password: 'harbour-lantern-okra-12' };
    await start({ admin });
    const [first] = await t.db.select().from(users).where(eq(users.email, admin.email));
    await t.db.insert(sessions).values({ userId: first!.id, expiresAt: new Date(Date.now() + 3_600_000) });

    await start({ admin });
    const [same] = await t.db.select().from(users).where(eq(users.id, first!.id));
    expect(same!.passwordHash).toBe(first!.passwordHash);
    const live = () =>
      t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, first!.id))
        .then((rows) => rows.filter((s) => !s.revokedAt));
    expect(await live()).toHaveLength(1);

    await start({ admin: { ...admin, password: 'a-new-harbour-lantern-34' } });
    const [changed] = await t.db.select().from(users).where(eq(users.id, first!.id));
    expect(changed!.passwordHash).not.toBe(first!.passwordHash);
    expect(await live()).toHaveLength(0);
  });
});
