import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import { hashPassword } from '../modules/auth/password.ts';
import type { FileStorage } from '../modules/storage/storage.ts';
import type { Db } from './client.ts';
import { appMeta, hostels, users } from './schema.ts';
import { seedDemoData } from './seed.ts';

type StartupContext = {
  db: Db;
  kind: 'pglite' | 'postgres';
  config: Config;
  storage: FileStorage;
  log: FastifyBaseLogger;
};

/** Make sure the configured admin exists with the configured password (every start). */
async function ensureConfiguredAdmin(db: Db, email: string, password: string) {
  const lower = email.toLowerCase();
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, lower), isNull(users.deletedAt)))
    .limit(1);
  if (existing) {
    await db
      .update(users)
      .set({ role: 'admin', passwordHash, isEmailConfirmed: true, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
  } else {
    await db.insert(users).values({
      firstName: 'studynest',
      lastName: 'admin',
      gender: 'female',
      email: lower,
      phoneNumber: '08000000000',
      passwordHash,
      role: 'admin',
      isEmailConfirmed: true,
    });
  }
}

const LOCAL_ADMIN_EMAIL = 'admin@studynest.local';

/**
 * On the embedded database with no admin configured, create one local admin with a random
 * password, keep the password in DATA_DIR, and print it once (the first time).
 */
async function ensureLocalAdmin({ db, config, log }: StartupContext) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, LOCAL_ADMIN_EMAIL), isNull(users.deletedAt)))
    .limit(1);
  if (existing) return;
  const password = randomBytes(12).toString('base64url');
  await ensureConfiguredAdmin(db, LOCAL_ADMIN_EMAIL, password);
  const file = path.join(config.dataDir, 'admin-password.txt');
  writeFileSync(file, `${LOCAL_ADMIN_EMAIL}\n${password}\n`, { mode: 0o600 });
  log.info(
    `Local admin created — email: ${LOCAL_ADMIN_EMAIL}  password: ${password}  (also saved in ${file})`,
  );
}

async function seedOnce({ db, storage, log }: StartupContext) {
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_seeded')).limit(1);
  if (seeded) return;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(hostels);
  if (count === 0) {
    const result = await seedDemoData(db, storage);
    log.info(result, 'demo data added');
  }
  await db
    .insert(appMeta)
    .values({ key: 'demo_seeded', value: new Date().toISOString() })
    .onConflictDoNothing();
}

export async function runStartupTasks(ctx: StartupContext) {
  const { config } = ctx;
  if (config.admin) {
    await ensureConfiguredAdmin(ctx.db, config.admin.email, config.admin.password);
  } else if (ctx.kind === 'pglite' && config.databaseUrl === undefined && existsSync(config.dataDir)) {
    await ensureLocalAdmin(ctx);
  }
  if (config.seedDemo) await seedOnce(ctx);
}
