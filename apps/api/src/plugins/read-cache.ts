import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedEngine } from '../lib/shared-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers and lookups kept in memory until something may have changed them. */
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /**
     * Whether this route's requests empty the read cache. By default writes (POST, PUT, PATCH,
     * DELETE) do and reads do not; 'clear' marks a GET that writes (payment verification), 'keep'
     * a frequent write that no cached answer shows (a room hold, a new session).
     */
    readCache?: 'clear' | 'keep';
  }
}

export type ReadCache = {
  /** Answer from memory when `key` is cached for the current version; otherwise load, serialise and keep it. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<void>;
  /** The same for a value that is not an answer (a session lookup). */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forget everything (a write happened). */
  invalidate(): void;
};

/** An answer as it goes out: serialised once, compressed at most once per encoding. */
type Answer = { json: Buffer; etag: string; br?: Buffer; gzip?: Buffer };

type Entry = { version: number; expires: number; value: unknown };

export type ReadCacheOptions = {
  /**
   * Writes through this process empty the cache at once; the age limit only bounds how long a
   * change made elsewhere (another API process, SQL by hand) can stay unseen.
   */
  maxAgeMs?: number;
  maxEntries?: number;
  /**
   * While this says no, nothing is kept: every read goes to the database. With several processes,
   * a cached answer is safe only while a write elsewhere is sure to reach us (Redis up).
   */
  keep?: () => boolean;
};

/** The smaller encodings are worth their CPU only once per version, not on every request. */
const COMPRESS_FROM_BYTES = 1024;

function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * The hostel list, a hostel and its rooms are the same for every visitor and by far the most
 * requested answers; building them costs a query plus zod serialisation of up to thousands of
 * rows. A signed-in page view also looks up its session, and the profile costs five queries.
 * They are served from memory instead, keyed by URL and a version that every write request
 * bumps (after it answered, so its transaction has committed). A read that started before a
 * write stores its result under the old version, where nobody will find it: no stale answer
 * outlives the write. Concurrent misses for one key share one load.
 */
export function createReadCache({
  maxAgeMs = 5_000,
  maxEntries = 2_000,
  keep = () => true,
}: ReadCacheOptions = {}): ReadCache {
  let version = 0;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();

  function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!keep()) return load();
    const cached = entries.get(key);
    if (cached && cached.version === version && cached.expires > Date.now()) {
      return Promise.resolve(cached.value as T);
    }
    const flightKey = `${version}\n${key}`;
    let pending = loading.get(flightKey) as Promise<T> | undefined;
    if (!pending) {
      const startedAt = version;
      pending = load()
        .then((value) => {
          if (startedAt === version) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
            entries.set(key, { version: startedAt, expires: Date.now() + maxAgeMs, value });
          }
          return value;
        })
        .finally(() => loading.delete(flightKey));
      loading.set(flightKey, pending);
    }
    return pending;
  }

  return {
    remember,
    async send(request, reply, key, load) {
      const answer = await remember<Answer>(`answer ${key}`, async () => {
        // The route's own serialiser (zod response schema): the cached bytes are what it would send.
        // Kept as bytes: a large list is not re-encoded from a string on every request.
        const json = Buffer.from(reply.serialize(await load()) as string);
        return { json, etag: `W/"${createHash('sha1').update(json).digest('base64')}"` };
      });
      reply
        .header('etag', answer.etag)
        // Phones revalidate (cheap with the ETag); a signed-in answer is for that browser only.
        .header('cache-control', request.headers.authorization ? 'private, no-cache' : 'public, no-cache')
        .type('application/json; charset=utf-8');
      if (request.headers['if-none-match'] === answer.etag) {
        await reply.code(304).send('');
        return;
      }
      const encoding =
        answer.json.length >= COMPRESS_FROM_BYTES
          ? preferredEncoding(request.headers['accept-encoding'])
          : undefined;
      if (!encoding) {
        await reply.send(answer.json);
        return;
      }
      if (encoding === 'br') {
        answer.br ??= brotliCompressSync(answer.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } });
      } else {
        answer.gzip ??= gzipSync(answer.json, { level: 9 });
      }
      await reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(encoding === 'br' ? answer.br : answer.gzip);
    },
    invalidate() {
      version++;
      entries.clear();
    },
  };
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The message every process empties its cache on (docs/decisions/0017-shared-engines.md). */
const WROTE = 'wrote';

/**
 * `app.readCache`, emptied by every request that may have written, as its answer goes out
 * (onSend runs after the handler, so the write has committed, and before the client can act on it).
 * With a shared engine the write is also published before the answer leaves, and the answer
 * waits until every other process has said it emptied its cache: the client's next request, on
 * any process, reads afresh. That covers revoked sessions too (the token lookups live here). While Redis is away nothing is kept, and
 * whenever shared mode starts or stops the cache is emptied, since messages may have been missed.
 */
export const readCachePlugin = fp(
  async (app: FastifyInstance, options: ReadCacheOptions & { shared?: SharedEngine | null }) => {
    const { shared, ...cacheOptions } = options;
    const cache = createReadCache(shared ? { ...cacheOptions, keep: shared.isShared } : cacheOptions);
    app.decorate('readCache', cache);
    shared?.subscribe((event) => {
      if (event.kind === 'resync' || event.message === WROTE) cache.invalidate();
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      const declared = request.routeOptions.config.readCache;
      if (declared ? declared === 'clear' : !READ_ONLY_METHODS.has(request.method)) {
        cache.invalidate();
        if (shared) await shared.broadcast(WROTE);
      }
      return payload;
    });
  },
);
