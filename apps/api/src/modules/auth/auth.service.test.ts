import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { AppError } from '../../lib/errors.ts';
import { SlidingWindowLimiter } from '../../lib/rate-limiter.ts';
import { type AuthContext, createAuthLimits, login } from './auth.service.ts';

describe('failed logins per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('uses 100 failures per account per hour by default', () => {
    const limits = createAuthLimits(t.config);
    expect(limits?.failedLoginsPerAccount.limit).toBe(100);
    expect(limits?.failedLoginsPerAccount.windowMs).toBe(3_600_000);
    expect(limits?.loginPerEmail.limit).toBe(10);
    expect(createAuthLimits({ ...t.config, rateLimits: false })).toBeNull();
  });

  it('locks the account (even for the right password) once its failure budget is spent', async () => {
    const user = await insertUser(t.db);
    const ctx: AuthContext = {
      db: t.db,
      jobs: t.app.deps.jobs,
      config: t.config,
      log: t.app.log,
      // A small budget stands in for "100 per hour"; the per-e-mail limit is out of the way.
      limits: {
        loginPerEmail: new SlidingWindowLimiter(1000, 60_000),
        failedLoginsPerAccount: new SlidingWindowLimiter(3, 3_600_000),
        codeMailsPerEmail: new SlidingWindowLimiter(5, 900_000),
      },
    };
    for (let i = 0; i < 3; i++) {
      await expect(login(ctx, { email: user.email, password: 'wrong-one' })).rejects.toMatchObject({
        statusCode: 401,
      });
    }
    const err = await login(ctx, { email: user.email, password: TEST_PASSWORD }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.statusCode).toBe(429);
    expect(Number(err.headers['retry-after'])).toBeGreaterThan(60);
    // Successful logins do not spend the budget.
    const other = await insertUser(t.db);
    for (let i = 0; i < 5; i++) {
      const ok = await login(ctx, { email: other.email, password: TEST_PASSWORD });
      expect(ok.user._id).toBe(other.id);
    }
  });
});
