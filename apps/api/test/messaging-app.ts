import type { Config } from '../src/config/env.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { startFakeSmtp } from './fake-smtp.ts';
import { startFakeTermii } from './fake-termii.ts';

export type MessagingApp = {
  t: TestApp;
  smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  termii: Awaited<ReturnType<typeof startFakeTermii>>;
  close: () => Promise<void>;
};

/**
 * An app whose e-mail goes to a fake SMTP server and whose texts go to a fake Termii, configured as
 * an operator would (Termii's routes left at their defaults); failed sends are retried after 1 s.
 */
export async function appWithFakeMessaging(overrides: Partial<Config> = {}): Promise<MessagingApp> {
  const smtp = await startFakeSmtp();
  const termii = await startFakeTermii();
  const t = await buildTestApp(
    {
      mail: { smtpUrl: smtp.url, from: 'StudyNest <no-reply@studynest.test>' },
      messageRetryDelaySeconds: 1,
      ...overrides,
    },
    { SMS_PROVIDER: 'termii', TERMII_API_KEY: termii.apiKey, TERMII_BASE_URL: termii.url },
  );
  return {
    t,
    smtp,
    termii,
    close: async () => {
      await t.close();
      await smtp.close();
      await termii.close();
    },
  };
}
