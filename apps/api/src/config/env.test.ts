import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

const base = { DATA_DIR: '/tmp/studynest-env-test', JWT_SECRET: 'j'.repeat(40) };
const production = {
  ...base,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://studynest.ng',
  PAYSTACK_SECRET_KEY: 'sk_live_x',
  PASSWORD_PEPPER: 'p'.repeat(40),
};

describe('configuration safety', () => {
  it('accepts a complete production configuration, with two-step sign-in required for admins', () => {
    const config = loadConfig(production);
    expect(config.passwordPepper).toBe(production.PASSWORD_PEPPER);
    expect(config.adminMfaRequired).toBe(true);
    expect(loadConfig({ ...production, ADMIN_MFA: 'optional' }).adminMfaRequired).toBe(false);
    expect(loadConfig(base).adminMfaRequired).toBe(false);
  });

  it('listens on this machine only in development unless HOST says otherwise, on every interface in production', () => {
    expect(loadConfig(base).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(loadConfig(base).payments.sandboxRemote).toBe(false);
    expect(loadConfig({ ...base, SANDBOX_REMOTE: '1' }).payments.sandboxRemote).toBe(true);
  });

  it('times requests out by default (none may stay open forever) and caps connections per address', () => {
    expect(loadConfig(base).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerIp: 100,
    });
    const custom = loadConfig({ ...base, REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '9000' }).http;
    expect(custom).toMatchObject({ requestTimeoutMs: 5000, headersTimeoutMs: 5000 });
    expect(() => loadConfig({ ...base, REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it("sends transactional texts by Termii's dnd route and news by generic unless told otherwise", () => {
    const termii = { ...base, TERMII_API_KEY: 'k' };
    expect(loadConfig(base).sms.termii).toBeUndefined();
    expect(loadConfig(termii).sms.termii?.channels).toEqual({ transactional: 'dnd', marketing: 'generic' });
    expect(loadConfig({ ...termii, TERMII_CHANNEL_MARKETING: 'dnd' }).sms.termii?.channels).toEqual({
      transactional: 'dnd',
      marketing: 'dnd',
    });
    // WhatsApp needs a device as the sender, not our sender ID: refused at start, not at send time.
    expect(() => loadConfig({ ...termii, TERMII_CHANNEL_TRANSACTIONAL: 'whatsapp' })).toThrow(
      /TERMII_CHANNEL_TRANSACTIONAL/,
    );
  });

  it('shares counters and cache invalidation through Redis only when REDIS_URL is set', () => {
    expect(loadConfig(base).redis).toBeUndefined();
    expect(loadConfig({ ...base, REDIS_URL: '' }).redis).toBeUndefined();
    expect(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      keyPrefix: 'studynest:',
    });
    expect(
      loadConfig({ ...base, REDIS_URL: 'rediss://r.example:6380', REDIS_KEY_PREFIX: 'sn1:' }).redis,
    ).toEqual({ url: 'rediss://r.example:6380', keyPrefix: 'sn1:' });
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('refuses production without a pepper or with an http:// PUBLIC_URL', () => {
    expect(() => loadConfig({ ...production, PASSWORD_PEPPER: undefined })).toThrow(/PASSWORD_PEPPER/);
    expect(() => loadConfig({ ...production, PASSWORD_PEPPER: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://studynest.ng' })).toThrow(/must be https/);
    expect(
      loadConfig({ ...production, PASSWORD_PEPPER: undefined, ALLOW_UNSAFE_PRODUCTION: '1' }),
    ).toBeTruthy();
  });

  it('refuses development mode with sandbox payments on an address other machines can reach', () => {
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://staging.studynest.ng' })).toThrow(
      /NODE_ENV: PUBLIC_URL https:\/\/staging\.studynest\.ng is not this machine/,
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:5173' }).publicUrl).toBe(
      'http://localhost:5173',
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:3000' })).toBeTruthy();
    expect(
      loadConfig({ ...base, PUBLIC_URL: 'https://staging.studynest.ng', PAYSTACK_SECRET_KEY: 'sk_test_x' })
        .payments.provider,
    ).toBe('paystack');
  });
});
