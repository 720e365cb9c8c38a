import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { users } from './auth.schema.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from './password.ts';
import { revokeAllSessions } from './tokens.ts';

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
      // No number: the start-up admin gives one in their profile if they want texts.
      phoneNumber: '',
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
async function ensureLocalAdmin({ db, config, log }: Pick<Deps, 'db' | 'config' | 'log'>) {
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

/**
 * At every start: the admin from ADMIN_EMAIL/ADMIN_PASSWORD exists with that password; failing
 * that, a laptop install (embedded database, not production) gets one local admin.
 */
export async function ensureStartupAdmin(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  databaseKind: 'pglite' | 'postgres',
): Promise<void> {
  const { config } = deps;
  if (config.admin) {
    await ensureConfiguredAdmin(deps.db, config, config.admin.email, config.admin.password);
  } else if (
    databaseKind === 'pglite' &&
    config.databaseUrl === undefined &&
    config.env !== 'production' &&
    existsSync(config.dataDir)
  ) {
    await ensureLocalAdmin(deps);
  }
}
