import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { QUEUE_SCHEMA } from '../src/db/queue-schema.ts';
import { DELIVER_QUEUE, recordMessages } from '../src/modules/messages/deliveries.service.ts';
import { startFakeSmtp } from '../test/fake-smtp.ts';
import { until } from './load.ts';
import { createDatabase } from './postgres.ts';
import { killHard, newJwtSecret, type Server, startServer, tail, terminate } from './server-process.ts';

const MESSAGES = 500;
const CLAIM_SECONDS = 5;

/**
 * Messages on the durable queue (ADR 0016) when the process sending them dies: 500 e-mails are
 * queued, the API process is SIGKILLed part-way through sending them to a slow mail server, and a
 * new process on the same database sends the rest. Every message arrives; only one that was being
 * handed to the mail server at the moment of the kill can arrive twice, with the same Message-ID
 * (which mail systems use to drop the copy).
 */
describe('messages when the sending process is killed (PostgreSQL)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'studynest-resilience-messages-'));
  const jwtSecret = newJwtSecret();
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let server: Server | undefined;
  let db: Database;

  const start = () =>
    startServer({
      dataDir: path.join(tmp, 'data'),
      databaseUrl: database.url,
      jwtSecret,
      env: { SMTP_URL: smtp.url, MESSAGE_CLAIM_SECONDS: String(CLAIM_SECONDS) },
    });
  const statuses = async () =>
    Object.fromEntries(
      (
        await db.executeSql(
          `select status, count(*)::int as n from message_deliveries where dedupe_key like 'crash:%' group by status`,
        )
      ).rows.map((r) => [(r as { status: string }).status, (r as { n: number }).n]),
    ) as Record<string, number>;

  beforeAll(async () => {
    database = await createDatabase();
    smtp = await startFakeSmtp({ delayMs: 40 });
    server = await start(); // migrates the database, the queue's schema included
    db = await openDatabase({ url: database.url, dataDir: path.join(tmp, 'data') });
  });
  afterAll(async () => {
    if (server) await terminate(server);
    await db?.close();
    await smtp?.close();
    await database?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('SIGKILL with 500 e-mails queued: after a restart every one arrives, none twice except one in flight', async () => {
    // Queued as a request queues them: rows first, then one job each, from another process.
    const ids = await recordMessages(
      db.db,
      Array.from({ length: MESSAGES }, (_, i) => ({
        channel: 'email' as const,
        to: `crash-${i}@example.com`,
        topic: 'account' as const,
        subject: `Crash test ${i}`,
        text: `Message ${i}`,
        key: `crash:${i}`,
      })),
    );
    expect(ids).toHaveLength(MESSAGES);
    const boss = new PgBoss({
      db: { executeSql: db.executeSql },
      schema: QUEUE_SCHEMA,
      migrate: false,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.insert(ids.map((id) => ({ name: DELIVER_QUEUE, data: { id }, singletonKey: id })));
    await boss.stop({ graceful: false, wait: true });

    await until(() => smtp.received.length >= 100, 60_000, 'the first 100 e-mails to arrive');
    await killHard(server as Server);
    const atKill = await statuses();
    const inFlight = atKill.sending ?? 0;
    const arrivedBeforeKill = smtp.received.length;
    console.log(
      `[messages] SIGKILL after ${arrivedBeforeKill} e-mails; rows then: ${JSON.stringify(atKill)}`,
    );
    expect(atKill.sent ?? 0).toBeLessThan(MESSAGES);

    // Past the claim window, a new process takes over what the dead one left half-done.
    await new Promise((r) => setTimeout(r, (CLAIM_SECONDS + 1) * 1000));
    server = await start();
    const deadline = Date.now() + 90_000;
    while ((await statuses()).sent !== MESSAGES) {
      if (Date.now() > deadline) {
        throw new Error(
          `not every message was sent: ${JSON.stringify(await statuses())}\n${tail((server as Server).log())}`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }

    const byId = new Map<string, number>();
    for (const mail of smtp.received) byId.set(mail.messageId, (byId.get(mail.messageId) ?? 0) + 1);
    const expected = new Set(ids.map((id) => `<${id}@127.0.0.1>`));
    const twice = [...byId.values()].filter((n) => n > 1).length;
    console.log(
      `[messages] after restart: ${smtp.received.length} e-mails, ${byId.size} distinct, ${twice} twice`,
    );
    expect([...byId.keys()].filter((k) => !expected.has(k))).toEqual([]);
    expect(byId.size).toBe(MESSAGES);
    expect([...byId.values()].every((n) => n <= 2)).toBe(true);
    expect(twice).toBeLessThanOrEqual(inFlight);
  });
});
