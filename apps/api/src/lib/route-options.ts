import type { RateLimitOptions } from '@fastify/rate-limit';
import { ErrorSchema } from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Config } from '../config/env.ts';
import { tooManyAttempts } from './rate-limiter.ts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * A route's error answers, listed by status in its schema: `response: { 200: X, ...errorAnswers(400, 404) }`.
 * They all have the one error shape; listing them documents them in the OpenAPI document.
 */
export const errorAnswers = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, ErrorSchema])) as Record<S, typeof ErrorSchema>;

/**
 * A paged list's 200 answer: the items, with X-Total-Count (how many match in all) declared as a
 * response header, so the OpenAPI document shows it beside the `?limit=&offset=` parameters.
 */
export function withTotalCount<S extends z.ZodMiniType>(items: S): S {
  z.globalRegistry.add(items, {
    headers: {
      'X-Total-Count': {
        type: 'integer',
        description: 'How many items match the filters in all, across every page',
      },
    },
  });
  return items;
}

/**
 * Route config for a per-IP limit (@fastify/rate-limit): `config: perIpLimit(config, 10, '1 hour')`.
 * Nothing at all when RATE_LIMITS=off (load benchmarks, fixtures that create many accounts).
 */
export function perIpLimit(
  config: Config,
  max: number,
  timeWindow: string,
): { rateLimit?: RateLimitOptions } {
  if (!config.rateLimits) return {};
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => request.ip,
      errorResponseBuilder: (_request: FastifyRequest, c: { ttl: number }) => tooManyAttempts(c.ttl / 1000),
    },
  };
}
