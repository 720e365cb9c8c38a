import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The Redis every API process shares (REDIS_URL; docs/decisions/0017-shared-engines.md): rate-limit
 * counters live there, and a pub/sub channel tells every process to drop its cached answers
 * (ADR 0008) the moment one of them wrote. Redis is a help, never a dependency of an answer:
 * while it is away each process counts on its own and reads from the database, and it says so
 * once per outage.
 */
export type SharedEngine = {
  /** The connection for commands (counters). It fails at once while disconnected, never queues. */
  readonly redis: Redis;
  /** Prefix of every key and channel of ours (REDIS_KEY_PREFIX). */
  readonly prefix: string;
  /**
   * Both connections are up and this process hears the channel: cached answers are safe to keep,
   * because a write anywhere will reach us. False during an outage and until we are subscribed.
   */
  isShared(): boolean;
  /**
   * Tell every other process, and wait until each has acted on it (or `ACK_WAIT_MS` passed):
   * false (never a throw) when Redis could not take it.
   */
  broadcast(message: string): Promise<boolean>;
  /** `message` from another process; `resync` when shared mode starts or stops (messages may have been missed). */
  subscribe(listener: (event: { kind: 'message'; message: string } | { kind: 'resync' }) => void): void;
  /** Until shared mode starts or `timeoutMs` passes: start-up waits briefly, then serves regardless. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * Commands fail fast while disconnected (no offline queue, one try, a short command timeout):
 * a request must not hang waiting for Redis; the callers fall back to their own counters.
 * The connection itself retries for ever, backing off to a second between attempts.
 */
const CONNECTION: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  autoResubscribe: false,
  retryStrategy: (times) => Math.min(times * 100, 1_000),
};

/** How long a broadcast waits for the other processes' acknowledgements; a frozen one is not waited for. */
const ACK_WAIT_MS = 500;

export function createSharedEngine(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
  options: RedisOptions = {},
): SharedEngine {
  const self = randomUUID();
  const channel = `${prefix}events`;
  const ackChannel = (id: string) => `${prefix}ack:${id}`;
  /** Broadcasts of ours still waiting for acknowledgements, by nonce. */
  const awaiting = new Map<string, { received: number; expected?: number; done: () => void }>();
  const redis = new Redis(url, { ...CONNECTION, ...options, connectionName: `${prefix}commands` });
  const subscriber = new Redis(url, { ...CONNECTION, ...options, connectionName: `${prefix}events` });
  const listeners: Parameters<SharedEngine['subscribe']>[0][] = [];
  const waiting = new Set<() => void>();
  let subscribed = false;
  let shared = false;
  let outage = false;
  let closing = false;

  const update = () => {
    const now = subscribed && redis.status === 'ready' && subscriber.status === 'ready';
    if (now === shared) return;
    shared = now;
    for (const l of listeners) l({ kind: 'resync' });
    if (shared) {
      if (outage) log.warn('Redis answers again: rate limits and cache invalidation are shared again');
      outage = false;
      for (const w of waiting) w();
    }
  };
  const down = (err?: Error) => {
    if (!closing && !outage) {
      outage = true;
      log.warn(
        { err: err?.message },
        'Redis is unreachable: until it answers, rate limits count per process and cached answers are not kept',
      );
    }
    if (subscriber.status !== 'ready') subscribed = false;
    update();
  };

  for (const connection of [redis, subscriber]) {
    connection.on('error', (err: Error) => down(err));
    connection.on('close', () => down());
    connection.on('ready', update);
  }
  subscriber.on('ready', () => {
    subscriber.subscribe(channel, ackChannel(self)).then(
      () => {
        subscribed = true;
        update();
      },
      (err: Error) => down(err),
    );
  });
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) {
      const waiting = awaiting.get(raw);
      if (!waiting) return;
      waiting.received++;
      if (waiting.expected !== undefined && waiting.received >= waiting.expected) waiting.done();
      return;
    }
    // `<sender> <nonce> <message>`: act on it, then tell the sender, whose answer is waiting for us.
    const [sender = '', nonce = '', ...rest] = raw.split(' ');
    if (sender === self || !nonce) return;
    const message = rest.join(' ');
    for (const l of listeners) l({ kind: 'message', message });
    redis.publish(ackChannel(sender), nonce).catch(() => undefined);
  });

  return {
    redis,
    prefix,
    isShared: () => shared,
    async broadcast(message) {
      if (redis.status !== 'ready') return false;
      const nonce = randomUUID();
      let acknowledged = () => {};
      const acks = new Promise<void>((resolve) => {
        acknowledged = resolve;
      });
      const entry: { received: number; expected?: number; done: () => void } = {
        received: 0,
        done: () => acknowledged(),
      };
      awaiting.set(nonce, entry);
      try {
        const receivers = await redis.publish(channel, `${self} ${nonce} ${message}`);
        // Our own subscriber is among the receivers; some acknowledgements may already have come.
        entry.expected = receivers - (subscribed ? 1 : 0);
        if (entry.received >= entry.expected) acknowledged();
        const timer = setTimeout(acknowledged, ACK_WAIT_MS);
        await acks;
        clearTimeout(timer);
        return true;
      } catch {
        // A connection that times out a command is not to be trusted: drop it and reconnect, so
        // the outage is seen (and logged, and the cache bypassed) like any other.
        redis.disconnect(true);
        return false;
      } finally {
        awaiting.delete(nonce);
      }
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    ready(timeoutMs) {
      if (shared) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve(shared);
        };
        const timer = setTimeout(done, timeoutMs);
        waiting.add(done);
      });
    },
    async close() {
      closing = true;
      for (const w of waiting) w();
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
