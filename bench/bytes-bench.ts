// Bytes a student pays for: a real browser (Debian's Chromium, 390 px) walks the student journey
// — land → search → hostel → sign up → confirm → book → pay in the sandbox → receipt → profile —
// and every byte the server sends to it is counted on the wire, by a TCP proxy in front of the
// built server: headers, compressed bodies, the service worker's own fetches (its precache) and
// what the sandbox checkout serves. Counted per step and in all, for a first visit and a return
// visit (same browser, service worker and HTTP cache in place: the landing page and the hostel
// seen), with data saver off and on (`Save-Data: on`, as Chrome's Lite mode and Opera send it).
// Targets (issue 26): first visit ≤ 600 KB, with data saver ≤ 350 KB; return visit ≤ 30 KB.
//
//   npm run bench:bytes            (run `npm run build` first)
//
// Prints numbers and exits 1 when a journey step fails, not when a target is missed.
import { once } from 'node:events';
import net from 'node:net';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { addDays, todayInLagos } from '@studynest/contracts/calendar';
import { freePort, startServer } from '../e2e/global-setup.ts';

const TARGETS = { first: { off: 600, on: 350 }, return: 30 } as const;
const KB = 1024;

type Step = { name: string; bytes: number };

/** Runs `steps` in order, each ended when the network has been quiet, and measures each. */
async function measure(page: Page, sent: () => number, steps: [string, () => Promise<void>][]) {
  const out: Step[] = [];
  for (const [name, run] of steps) {
    const before = sent();
    await run();
    await page.waitForLoadState('networkidle');
    // The service worker's background fetches (precache) end after the page's own.
    await page.waitForTimeout(1500);
    out.push({ name, bytes: sent() - before });
  }
  return out;
}

async function journey(
  context: BrowserContext,
  page: Page,
  sent: () => number,
  origin: string,
  serverUrl: string,
) {
  const stamp = Date.now();
  const email = `bytes-${stamp}@studynest.test`;
  let hostelPath = '';
  const steps = await measure(page, sent, [
    ['land on /', async () => void (await page.goto('/'))],
    [
      'search (university, budget)',
      async () => {
        await page.getByLabel('Where do you study?').fill('UNILAG');
        await page.getByLabel('Budget (₦ per year)').fill('1000000');
        await page.getByRole('button', { name: 'Find a room' }).click();
        await page.waitForURL(/\/hostels\?/);
        await page.getByRole('heading', { level: 1, name: 'Find a hostel' }).waitFor();
      },
    ],
    [
      'open a hostel',
      async () => {
        // The name, as a thumb would: with data saver the photo in the card is a "tap to load" button.
        await page
          .getByRole('main')
          .getByRole('link', { name: /Akoka Royal Lodge/ })
          .first()
          .getByText('Akoka Royal Lodge', { exact: true })
          .click();
        await page.waitForURL(/\/hostel\//);
        hostelPath = new URL(page.url()).pathname;
        await page.getByTestId('room-card').first().waitFor();
      },
    ],
    [
      'Book Inspection → sign up',
      async () => {
        await page
          .getByTestId('room-card')
          .filter({ has: page.getByRole('link', { name: 'Book Inspection' }) })
          .first()
          .getByRole('link', { name: 'Book Inspection' })
          .click();
        await page.waitForURL(/\/login\?next=/);
        await page.getByRole('link', { name: 'Create an account' }).click();
        await page.getByLabel('First Name').fill('Ada');
        await page.getByLabel('Last Name').fill(`Bytes${stamp}`);
        await page.getByLabel('Gender').selectOption('female');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Phone Number').fill(`0803${String(stamp).slice(-7)}`);
        await page.getByLabel('Password', { exact: true }).fill(`bytes-bench-${stamp}`);
        await page.getByRole('button', { name: 'Sign Up' }).click();
        await page.waitForURL(/\/sign-up-otp\?/);
      },
    ],
    [
      'confirm the e-mailed code',
      async () => {
        // The code is read from the dev outbox straight from the server: not a byte of the journey.
        let code = '';
        for (let i = 0; i < 40 && !code; i++) {
          const mails = (await (
            await fetch(`${serverUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)
          ).json()) as { text: string }[];
          code = /\b(\d{4})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
          if (!code) await new Promise((r) => setTimeout(r, 250));
        }
        await page.getByPlaceholder('Enter four digit pin code sent to your email address').fill(code);
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.waitForURL(/\/book-inspection\//);
        await page.getByRole('heading', { level: 1, name: 'Book Inspection' }).waitFor();
      },
    ],
    [
      'book (date, time) → checkout',
      async () => {
        await page.getByLabel('Inspection date').fill(addDays(todayInLagos(), 2));
        await page.getByRole('radio', { name: '10:00am - 10:30am' }).check();
        await page.getByRole('button', { name: 'Pay Agent Fee' }).click();
        await page.waitForURL(/\/sandbox\/checkout\//);
      },
    ],
    [
      'pay in the sandbox → receipt',
      async () => {
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL(/\/receipt-page\?reference=/);
        await page.getByRole('heading', { name: 'Thank you for your payment!' }).waitFor({ timeout: 20_000 });
      },
    ],
    [
      'profile',
      async () => {
        const userId = await page.evaluate(() => localStorage.getItem('userId'));
        await page.goto(`/profile/${userId}`);
        await page.getByRole('button', { name: 'Logout' }).waitFor();
      },
    ],
  ]);
  // The return visit: a new tab in the same browser, later; what loads before she asks for anything.
  const again = await context.newPage();
  const returned = await measure(again, sent, [
    ['landing page', async () => void (await again.goto(`${origin}/`))],
    ['the hostel seen', async () => void (await again.goto(`${origin}${hostelPath}`))],
  ]);
  await again.close();
  return { steps, returned };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const total = (steps: Step[]) => steps.reduce((sum, s) => sum + s.bytes, 0);

async function main() {
  const proxyPort = await freePort();
  const origin = `http://127.0.0.1:${proxyPort}`;
  // Links the server makes (the sandbox checkout, receipts) point at the proxy, so every byte passes it.
  const server = await startServer({ PUBLIC_URL: origin, WEB_ORIGINS: origin });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  let failed = false;
  try {
    for (const saver of ['off', 'on'] as const) {
      // One proxy per journey, so each count starts at 0.
      const proxy = await listenCounting(proxyPort, Number(new URL(server.baseURL).port));
      const context = await browser.newContext({
        baseURL: origin,
        viewport: { width: 390, height: 844 },
        extraHTTPHeaders: saver === 'on' ? { 'Save-Data': 'on' } : {},
      });
      // A browser in data-saver mode says so on every request and to scripts too (the header is not
      // re-sent on a redirect by the automation's header override, the script's answer is).
      if (saver === 'on')
        await context.addInitScript(() =>
          Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
        );
      const page = await context.newPage();
      try {
        const { steps, returned } = await journey(context, page, proxy.sent, origin, server.baseURL);
        const first = total(steps);
        const back = total(returned);
        console.log(`\nData saver ${saver}: first visit, step by step`);
        for (const s of steps) console.log(`  ${s.name.padEnd(32)} ${kb(s.bytes).padStart(10)}`);
        console.log(
          `  ${'whole journey'.padEnd(32)} ${kb(first).padStart(10)}   target ≤ ${TARGETS.first[saver]} KB  ${first <= TARGETS.first[saver] * KB ? 'met' : 'MISSED'}`,
        );
        console.log(
          `Data saver ${saver}: return visit (same browser: its cache, and the service worker if installed)`,
        );
        for (const s of returned) console.log(`  ${s.name.padEnd(32)} ${kb(s.bytes).padStart(10)}`);
        console.log(
          `  ${'before she asks for anything'.padEnd(32)} ${kb(back).padStart(10)}   target ≤ ${TARGETS.return} KB  ${back <= TARGETS.return * KB ? 'met' : 'MISSED'}`,
        );
      } catch (error) {
        failed = true;
        console.error(`Data saver ${saver}: the journey failed at ${page.url()}:`, error);
      } finally {
        await context.close();
        await proxy.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}

/** A proxy on `port` (the one the server's links name) counting what the server on `target` sends. */
async function listenCounting(port: number, target: number) {
  let sent = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      sent += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    for (const s of [client, upstream]) {
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('close', () => sockets.delete(s));
    }
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    sent: () => sent,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
