import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/api, whether we run from src/ (tsx, tests) or from the bundled dist/. */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot locate apps/api/package.json');
    dir = parent;
  }
  return dir;
}
export const API_ROOT = findApiRoot();

const optionalFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(v)));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

/**
 * Termii's routes for plain texts that we use (its `channel`). `whatsapp` is not one: it needs a
 * WhatsApp device as the sender, not our registered sender ID.
 */
export const TERMII_CHANNELS = ['dnd', 'generic'] as const;
export type TermiiChannel = (typeof TERMII_CHANNELS)[number];
/** A text is transactional (codes, payments, reminders: it must arrive) or marketing (news). */
export type SmsClass = 'transactional' | 'marketing';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where to listen; by default every interface in production, only this machine otherwise. */
  HOST: z.string().optional(),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default(path.resolve(API_ROOT, '../../data')),
  DATABASE_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** A second secret mixed into every password hash (argon2's secret), kept out of the database. */
  PASSWORD_PEPPER: z.string().min(32, 'PASSWORD_PEPPER must be at least 32 characters').optional(),
  /** Two-step sign-in (TOTP) for admins: required before admin pages open, or optional. */
  ADMIN_MFA: z.enum(['required', 'optional']).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED_DEMO: optionalFlag,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).optional(),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Let other machines open the sandbox checkout (a shared demo); by default only this machine may. */
  SANDBOX_REMOTE: optionalFlag,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** How long a call to Paystack may take before its outcome is taken as unknown (and followed up). */
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Dedicated virtual accounts need Paystack's approval of the business: off until it is given. */
  PAYSTACK_DEDICATED_ACCOUNTS: z.enum(['on', 'off']).default('off'),
  PAYSTACK_PREFERRED_BANK: z.string().min(1).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('StudyNest <no-reply@studynest.ng>'),
  /** Where text messages go: the development outbox (default) or Termii. */
  SMS_PROVIDER: z.enum(['outbox', 'termii']).optional(),
  TERMII_API_KEY: z.string().optional(),
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  TERMII_SENDER_ID: z.string().trim().min(3).max(11).default('StudyNest'),
  /**
   * Termii's route for each class of text (docs/domain.md, "Messages"): `dnd` reaches numbers on
   * Do-Not-Disturb, which `generic` does not (and MTN holds generic texts overnight).
   */
  TERMII_CHANNEL_TRANSACTIONAL: z.enum(TERMII_CHANNELS).default('dnd'),
  TERMII_CHANNEL_MARKETING: z.enum(TERMII_CHANNELS).default('generic'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl,
  WEB_ORIGINS: z.string().default(''),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * redis://… shared by every API process: rate-limit counters, cache invalidation and revoked
   * sessions (docs/decisions/0017-shared-engines.md). Unset: one process keeps them in memory.
   */
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url().optional())
    .refine(
      (v) => v === undefined || /^rediss?:$/.test(new URL(v).protocol),
      'must be redis:// or rediss://',
    ),
  /** Prefix of every key and channel of ours in that Redis (several apps, or test runs, may share one). */
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(64).default('studynest:'),
  /**
   * How long a message may stay claimed by one process before another may send it (the first died
   * mid-send). Longer than any send takes; shorter only to make crash tests quick.
   */
  MESSAGE_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /**
   * When saved hostels and searches are compared with the rooms free now (a cron line, Lagos time).
   * Every 15 minutes; the browser tests run it every minute so an alert comes within one.
   */
  SAVED_ALERTS_CRON: z
    .string()
    .trim()
    .regex(/^(\S+\s+){4}\S+$/, 'must be a cron line of five fields, like */15 * * * *')
    .default('*/15 * * * *'),
  /**
   * Addresses (or CIDR ranges) of the reverse proxies in front of us, comma-separated. Only their
   * X-Forwarded-For is believed; anyone else could name any address and dodge per-IP limits.
   */
  TRUST_PROXY: z.string().default(''),
  /**
   * How long a client may take to send a whole request (headers and body), and its headers alone.
   * Without them a body trickled a byte at a time holds its connection open forever.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(10_000),
  /** An idle kept-alive connection closes after this; above the usual 60 s of proxies in front. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(72_000),
  /** Open connections one peer address may hold at once (0: no cap); proxies in TRUST_PROXY are exempt. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** Threads that draw receipt PDFs; by default one fewer than the cores (at least 1, at most 4). */
  RECEIPT_PDF_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Receipt PDFs that may wait for a thread; past that a download is answered 503 with Retry-After. */
  RECEIPT_PDF_QUEUE: z.coerce.number().int().min(1).max(100_000).default(200),
  WEB_DIST_DIR: z.string().default(path.resolve(API_ROOT, '../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Say yes to run production with a setting that is unsafe there (sandbox payments, generated secret). */
  ALLOW_UNSAFE_PRODUCTION: optionalFlag,
  /** Support contacts and notice periods printed on the help, terms and privacy pages (GET /api/site). */
  SUPPORT_PHONE: z.string().trim().min(1).default('+234 803 000 0000'),
  SUPPORT_EMAIL: z.email().default('support@studynest.ng'),
  SUPPORT_WHATSAPP: z.string().trim().min(1).optional(),
  TENANT_NOTICE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  AMENDMENT_NOTICE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  DEPOSIT_REFUND_DAYS: z.coerce.number().int().min(0).max(365).default(14),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Origins allowed as payment callbacks and CORS callers: PUBLIC_URL's plus WEB_ORIGINS. */
  trustedOrigins: string[];
  dataDir: string;
  /** undefined → embedded PGlite in dataDir/db; 'memory://' → in-memory PGlite (tests). */
  databaseUrl?: string;
  /** Tests pass a migrated PGlite data dir to clone (fast fresh databases). */
  pgliteTemplate?: Blob;
  jwtSecret: string;
  /** argon2's secret for password hashes; undefined: hashes without one (development only). */
  passwordPepper?: string;
  /** Admins must turn on two-step sign-in before using admin pages. */
  adminMfaRequired: boolean;
  admin?: { email: string; password: string };
  seedDemo: boolean;
  payments: {
    provider: 'sandbox' | 'paystack';
    paystackSecretKey?: string;
    paystackBaseUrl: string;
    paystackTimeoutMs: number;
    /** Paystack dedicated accounts are on (PAYSTACK_DEDICATED_ACCOUNTS); the sandbox always offers them. */
    dedicatedAccounts: boolean;
    /** The bank Paystack is asked to open them at (PAYSTACK_PREFERRED_BANK). */
    preferredBank: string;
    /** The sandbox checkout answers callers on other machines too (SANDBOX_REMOTE). */
    sandboxRemote: boolean;
  };
  mail: { smtpUrl?: string; from: string };
  /** First wait before a failed message is tried again (it doubles each time); tests shorten it. */
  messageRetryDelaySeconds: number;
  /** A delivery claimed longer ago than this was cut off by a process that died (MESSAGE_CLAIM_SECONDS). */
  messageClaimSeconds: number;
  /** The saved items' alert schedule (SAVED_ALERTS_CRON). */
  savedAlertsCron: string;
  /** Termii's settings when SMS go through Termii; undefined: the development SMS outbox. */
  sms: {
    termii?: {
      baseUrl: string;
      apiKey: string;
      senderId: string;
      /** The route (Termii's `channel`) each class of text goes by. */
      channels: Record<SmsClass, TermiiChannel>;
    };
  };
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    publicUrl?: string;
  };
  rateLimits: boolean;
  /** The Redis every process shares (REDIS_URL); undefined: counters and cache stay in this process. */
  redis?: { url: string; keyPrefix: string };
  /** Proxies whose X-Forwarded-For gives the client address; empty: the socket's peer is the client. */
  trustProxy: string[];
  /** Limits of the HTTP server's connections (set up in app.ts). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** 0: no cap. */
    maxConnectionsPerIp: number;
  };
  /** The worker threads that draw receipt PDFs (modules/receipts/receipt-pdf-pool.ts). */
  receipts: { pdfThreads: number; pdfQueue: number };
  webDistDir: string;
  logLevel: string;
  site: {
    supportPhone: string;
    supportEmail: string;
    whatsappNumber: string;
    tenantNoticeDays: number;
    amendmentNoticeDays: number;
    depositRefundDays: number;
  };
};

export class ConfigError extends Error {}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
function isLocalOrigin(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
  } catch {
    return false;
  }
}

/** Generated secrets live in DATA_DIR so restarts keep sessions valid. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}.secret`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The only reader of process.env. Fails fast, listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];

  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const webOrigins = e.WEB_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const trustedOrigins: string[] = [];
  for (const o of [publicUrl, ...webOrigins]) {
    try {
      trustedOrigins.push(new URL(o).origin);
    } catch {
      problems.push(`  WEB_ORIGINS: '${o}' is not a URL`);
    }
  }

  const provider = e.PAYMENT_PROVIDER ?? (e.PAYSTACK_SECRET_KEY ? 'paystack' : 'sandbox');
  if (provider === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    problems.push('  PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER=paystack');
  }
  if (production && provider === 'sandbox' && !e.ALLOW_UNSAFE_PRODUCTION) {
    problems.push('  PAYMENT_PROVIDER: the sandbox takes no real money; refused in production');
  }
  if (production && !e.JWT_SECRET && !e.ALLOW_UNSAFE_PRODUCTION) {
    problems.push('  JWT_SECRET: set a secret of at least 32 characters in production');
  }
  if (production && !e.PASSWORD_PEPPER && !e.ALLOW_UNSAFE_PRODUCTION) {
    problems.push('  PASSWORD_PEPPER: set a secret of at least 32 characters in production');
  }
  if (production && new URL(publicUrl).protocol !== 'https:' && !e.ALLOW_UNSAFE_PRODUCTION) {
    problems.push('  PUBLIC_URL: must be https:// in production (payment callbacks and e-mailed links)');
  }
  // Development mode hands out test payments and has no second factor for admins: keep it on
  // this machine. A server reachable by others must say NODE_ENV=production.
  if (!production && !isLocalOrigin(publicUrl) && provider === 'sandbox') {
    problems.push(
      `  NODE_ENV: PUBLIC_URL ${publicUrl} is not this machine, so sandbox payments would be open to others; set NODE_ENV=production (with a payment provider) or use a localhost PUBLIC_URL`,
    );
  }
  if (production && e.RATE_LIMITS === 'off') {
    problems.push('  RATE_LIMITS: cannot be off in production');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    problems.push('  ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither');
  }
  const smsProvider = e.SMS_PROVIDER ?? (e.TERMII_API_KEY ? 'termii' : 'outbox');
  if (smsProvider === 'termii' && !e.TERMII_API_KEY) {
    problems.push('  TERMII_API_KEY: required when SMS_PROVIDER=termii');
  }
  const s3Configured = Boolean(e.S3_BUCKET);
  if (s3Configured && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port,
    // Development mode hands out test payments and shows e-mailed codes: unless told otherwise,
    // only this machine can reach it.
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    trustedOrigins,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt'),
    passwordPepper: e.PASSWORD_PEPPER,
    adminMfaRequired: (e.ADMIN_MFA ?? (production ? 'required' : 'optional')) === 'required',
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    payments: {
      provider,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY,
      paystackBaseUrl: e.PAYSTACK_BASE_URL,
      paystackTimeoutMs: e.PAYSTACK_TIMEOUT_MS,
      dedicatedAccounts: e.PAYSTACK_DEDICATED_ACCOUNTS === 'on',
      // Paystack's test mode opens them only at its test bank.
      preferredBank:
        e.PAYSTACK_PREFERRED_BANK ??
        (e.PAYSTACK_SECRET_KEY?.startsWith('sk_test_') ? 'test-bank' : 'wema-bank'),
      sandboxRemote: e.SANDBOX_REMOTE ?? false,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    messageRetryDelaySeconds: 10,
    messageClaimSeconds: e.MESSAGE_CLAIM_SECONDS,
    savedAlertsCron: e.SAVED_ALERTS_CRON,
    sms: {
      termii:
        smsProvider === 'termii' && e.TERMII_API_KEY
          ? {
              baseUrl: e.TERMII_BASE_URL,
              apiKey: e.TERMII_API_KEY,
              senderId: e.TERMII_SENDER_ID,
              channels: {
                transactional: e.TERMII_CHANNEL_TRANSACTIONAL,
                marketing: e.TERMII_CHANNEL_MARKETING,
              },
            }
          : undefined,
    },
    s3:
      s3Configured && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
    rateLimits: e.RATE_LIMITS === 'on',
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    trustProxy: e.TRUST_PROXY.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    receipts: {
      // One core is left to the event loop, which answers every other request.
      pdfThreads: e.RECEIPT_PDF_THREADS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
      pdfQueue: e.RECEIPT_PDF_QUEUE,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    site: {
      supportPhone: e.SUPPORT_PHONE,
      supportEmail: e.SUPPORT_EMAIL,
      whatsappNumber: e.SUPPORT_WHATSAPP ?? e.SUPPORT_PHONE,
      tenantNoticeDays: e.TENANT_NOTICE_DAYS,
      amendmentNoticeDays: e.AMENDMENT_NOTICE_DAYS,
      depositRefundDays: e.DEPOSIT_REFUND_DAYS,
    },
  };
}
