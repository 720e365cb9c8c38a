import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// The plugin's own stores: Redis when it answers, its in-memory one when it does not.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { SharedEngine } from './shared-engine.ts';

type Incr = FastifyRateLimitStore['incr'];
type Store = FastifyRateLimitStore & {
  read?: (key: string, cb: Parameters<Incr>[1], timeWindow: number, max: number) => void;
};
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean };
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's store for per-IP limits with REDIS_URL: counted in Redis (the plugin's own
 * RedisStore, one atomic script per hit), so all processes share each address's count. A hit that
 * Redis cannot take (down, or not yet connected) is counted by the plugin's in-memory store of this
 * process instead: limits stay on, per process, and no request fails because Redis is away.
 */
export function sharedRateLimitStore(shared: SharedEngine): FastifyRateLimitStoreCtor {
  class SharedOrLocalStore implements Store {
    constructor(
      params: StoreParams,
      private readonly remote: Store = new RedisStore(
        params.continueExceeding,
        params.exponentialBackoff,
        shared.redis,
        `${shared.prefix}ip:`,
      ),
      private readonly local: Store = new LocalStore(params.continueExceeding, params.exponentialBackoff),
    ) {}

    private either(
      method: 'incr' | 'read',
      key: string,
      cb: Parameters<Incr>[1],
      window: number,
      max: number,
    ) {
      const local = () => this.local[method]?.(key, cb, window, max);
      if (shared.redis.status !== 'ready') return local();
      this.remote[method]?.(key, (err, res) => (err ? local() : cb(null, res)), window, max);
    }

    incr(key: string, cb: Parameters<Incr>[1], timeWindow: number, max: number) {
      this.either('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Parameters<Incr>[1], timeWindow: number, max: number) {
      this.either('read', key, cb, timeWindow, max);
    }

    child(routeOptions: RouteParams) {
      const params = routeOptions as StoreParams;
      return new SharedOrLocalStore(params, this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return SharedOrLocalStore as unknown as FastifyRateLimitStoreCtor;
}
