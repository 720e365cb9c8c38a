import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../modules/auth/password.ts';
import { revokeAllSessions } from '../modules/auth/tokens.ts';
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

/**
 * Make sure the configured admin exists with the configured password (every start). The hash is
 * rewritten, and the account's sessions ended, only when the password actually changed.
 */
async function ensureConfiguredAdmin(db: Db, config: Config, email: string, password: string) {
  if (await isCommonPassword(password)) {
    throw new Error(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
  }
  const lower = email.toLowerCase();
  const pepper = config.passwordPepper;
  const [existing] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      peppered: users.passwordPeppered,
    })
    .from(users)
    .where(and(eq(users.email, lower), isNull(users.deletedAt)))
    .limit(1);
  const hash = async () => ({
    passwordHash: await hashPassword(password, pepper),
    passwordPeppered: Boolean(pepper),
  });
  if (existing) {
    const same =
      existing.peppered === Boolean(pepper) &&
      (await verifyPassword(existing.passwordHash, password, existing.peppered ? pepper : undefined));
    if (same && existing.role === 'admin') return;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ role: 'admin', ...(same ? {} : await hash()), isEmailConfirmed: true, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      if (!same) await revokeAllSessions(tx, existing.id);
    });
  } else {
    await db.insert(users).values({
      firstName: 'studynest',
      lastName: 'admin',
      gender: 'female',
      email: lower,
      phoneNumber: '08000000000',
      ...(await hash()),
      role: 'admin',
      isEmailConfirmed: true,
    });
  }
}

const LOCAL_ADMIN_EMAIL = 'admin@studynest.local';

/**
 * On the embedded database with no admin configured (outside production), create one local admin
 * with a random password kept in DATA_DIR (mode 0600). The log names the file, never the password:
 * logs are shipped and kept where passwords must not be.
 */
async function ensureLocalAdmin({ db, config, log }: StartupContext) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, LOCAL_ADMIN_EMAIL), isNull(users.deletedAt)))
    .limit(1);
  if (existing) return;
  const password = randomBytes(12).toString('base64url');
  await ensureConfiguredAdmin(db, config, LOCAL_ADMIN_EMAIL, password);
  const file = path.join(config.dataDir, 'admin-password.txt');
  writeFileSync(file, `${LOCAL_ADMIN_EMAIL}\n${password}\n`, { mode: 0o600 });
  log.info(`Local admin created — email: ${LOCAL_ADMIN_EMAIL}; its password is in ${file}`);
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
    await ensureConfiguredAdmin(ctx.db, config, config.admin.email, config.admin.password);
  } else if (
    ctx.kind === 'pglite' &&
    config.databaseUrl === undefined &&
    config.env !== 'production' &&
    existsSync(config.dataDir)
  ) {
    await ensureLocalAdmin(ctx);
  }
  if (config.seedDemo) await seedOnce(ctx);
}
