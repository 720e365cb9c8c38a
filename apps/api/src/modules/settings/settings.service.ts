import { type AdminSettings, AdminSettingsSchema, DEFAULT_SETTINGS } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { appMeta } from './settings.schema.ts';

const KEY = 'admin_settings';

/** The admins' settings, or the defaults for anything never set (or stored by an older version). */
export async function getSettings({ db }: Pick<Deps, 'db'>): Promise<AdminSettings> {
  const [row] = await db.select({ value: storedSettings }).from(sql`(select 1) as one`);
  return settingsFrom(row?.value ?? null);
}

/** The stored settings as SQL (text, or null when never saved), for a read that needs them with other rows. */
export const storedSettings = sql<
  string | null
>`(select ${appMeta.value} from ${appMeta} where ${appMeta.key} = ${KEY})`;

/** The settings from their stored text, defaults for anything missing or unreadable. */
export function settingsFrom(value: string | null): AdminSettings {
  if (value === null) return DEFAULT_SETTINGS;
  let stored: unknown;
  try {
    stored = JSON.parse(value);
  } catch {
    return DEFAULT_SETTINGS;
  }
  const parsed = AdminSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...(stored as object) });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** Days are kept in the order people read them: further ahead first, then nearer. */
export async function saveSettings(
  { db }: Pick<Deps, 'db'>,
  settings: AdminSettings,
): Promise<AdminSettings> {
  const tidy: AdminSettings = {
    ...settings,
    reminder_days_before: [...settings.reminder_days_before].sort((a, b) => b - a),
    overdue_days_after: [...settings.overdue_days_after].sort((a, b) => a - b),
  };
  const value = JSON.stringify(tidy);
  await db
    .insert(appMeta)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
  return tidy;
}

/** Whether a one-time piece of start-up work (like adding the demo data) was done on this database. */
export async function wasDone({ db }: Pick<Deps, 'db'>, key: string): Promise<boolean> {
  const [row] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return Boolean(row);
}

/** Record that a one-time piece of start-up work is done (when, as its value). */
export async function markDone({ db }: Pick<Deps, 'db'>, key: string): Promise<void> {
  await db.insert(appMeta).values({ key, value: new Date().toISOString() }).onConflictDoNothing();
}
