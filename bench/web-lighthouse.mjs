#!/usr/bin/env node
// Lighthouse lab numbers for the production build: `/` (with its search), one demo hostel page and
// the search page twice (`/hostels?university=UI`, and the words and budget the landing page's search
// sends; same targets), mobile form
// factor with Lighthouse's default simulated throttling, N runs per page and the median run.
// Then runs per page with the CPU really slowed down to a low-end phone (devtools throttling, Moto G
// Power calibration: multiplier = this machine's benchmarkIndex ÷ 264) on slow 4G: median LCP and TBT
// of 5 runs against the targets LCP ≤ 4000 ms and TBT ≤ 600 ms, and the scores (≥ 95) of the median
// run; beside them, Lighthouse's simulation of the same slowdown (docs/decisions/0031-low-end-tbt.md).
//
// Usage: npm run bench:web [-- --runs N | --quick] [--low-end-runs N] [--no-build] [--save DIR]
//   --runs N          runs per page for the median (default 5)
//   --low-end-runs N  low-end phone runs per page for its medians (default 5; one run swings by
//                     hundreds of ms of TBT on a shared machine)
//   --quick           1 run per page, low-end too (for trying it)
//   --no-build        use the existing build instead of running `npm run build`
//   --save DIR        also write each median run's report (JSON and HTML) into DIR
// Uses Debian Chromium (/usr/bin/chromium, override with CHROMIUM_PATH); never downloads a browser.
// It prints numbers and exits 0; it exits 1 only when it cannot run at all.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport } from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  // Chromium 156 builds the address bar's popup (a browser-UI page of its own, chrome://omnibox-popup)
  // in a renderer at start-up, even headless; on this 2-core machine it took ~0.5 s of CPU beside the
  // page being measured (seen in a trace). No phone's page load pays for the browser's own UI. One
  // --disable-features switch counts, so chrome-launcher's own list goes in it too.
  `--disable-features=${[
    ...(chromeLauncher.Launcher.defaultFlags()
      .find((f) => f.startsWith('--disable-features='))
      ?.split('=')[1]
      ?.split(',') ?? []),
    'WebUIOmniboxAimPopup',
    'WebUIOmniboxPopup',
  ].join(',')}`,
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CATEGORY_LABELS = { performance: 'Perf', accessibility: 'A11y', 'best-practices': 'BP', seo: 'SEO' };
/** Lighthouse's benchmarkIndex of a Moto G Power (Lighthouse's throttling guide: https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md), the low-end phone we aim at. */
const LOW_END_BENCHMARK_INDEX = 264;
const STARTUP_TIMEOUT_MS = 240_000;
const TARGETS = { lcpMs: 4000, tbtMs: 600, score: 95 };

class Fatal extends Error {}

function parseArgs(argv) {
  const opts = { runs: 5, lowEndRuns: 5, build: true, save: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') {
      opts.runs = 1;
      opts.lowEndRuns = 1;
    } else if (arg === '--low-end-runs' || arg.startsWith('--low-end-runs=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 20)
        throw new Fatal(`--low-end-runs needs a whole number 1–20, got "${value}"`);
      opts.lowEndRuns = n;
    } else if (arg === '--no-build') opts.build = false;
    else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 20)
        throw new Fatal(`--runs needs a whole number 1–20, got "${value}"`);
      opts.runs = n;
    } else if (arg === '--save' || arg.startsWith('--save=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      if (!value) throw new Fatal('--save needs a directory');
      opts.save = path.resolve(value);
    } else if (arg === '--help' || arg === '-h') {
      console.log(
        'Usage: npm run bench:web [-- --runs N | --quick] [--low-end-runs N] [--no-build] [--save DIR]',
      );
      process.exit(0);
    } else throw new Fatal(`Unknown option "${arg}" (try --help)`);
  }
  return opts;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port')),
      );
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function build() {
  console.log('Building (npm run build)…');
  const started = Date.now();
  const res = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) {
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Fatal(`npm run build failed (exit ${res.status ?? res.signal}):\n${out}`);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

/** Starts the built server on a free port with a fresh data directory and demo data. */
async function startServer(state) {
  if (!existsSync(SERVER) || !existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Fatal(
      'No build found (apps/api/dist/server.js, apps/web/dist/index.html): run `npm run build`.',
    );
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  state.dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-lighthouse-'));
  // Serve a snapshot of the web build, so a rebuild elsewhere (Vite empties dist/) cannot break the runs.
  const webDist = path.join(state.dataDir, 'web-dist');
  cpSync(WEB_DIST, webDist, { recursive: true });
  let output = '';
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: state.dataDir,
      SEED_DEMO: '1',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  state.server = child;
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  // Migrations plus demo photos take a while on a busy 2-core machine.
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Fatal(`The server exited early (${child.exitCode ?? child.signalCode}):\n${output.trim()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return baseUrl;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Fatal(
    `The server did not answer GET /api/health within ${STARTUP_TIMEOUT_MS / 1000} s${output.trim() ? `:\n${output.trim()}` : ''}`,
  );
}

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(5000).then(() => true)]);
  if (timedOut) {
    child.kill('SIGKILL');
    await Promise.race([exited, sleep(2000)]);
  }
}

async function demoHostelId(baseUrl) {
  const res = await fetch(`${baseUrl}/api/hostels`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Fatal(`GET /api/hostels answered ${res.status}: ${await res.text()}`);
  const hostels = await res.json();
  return Array.isArray(hostels) && hostels.length ? hostels[0].id : undefined;
}

/** Lighthouse's own choice of the median run (closest to the median FCP and TTI), else by performance score. */
async function loadMedianPicker() {
  try {
    const mod = await import('lighthouse/core/lib/median-run.js');
    if (typeof mod.computeMedianRun === 'function') {
      return {
        how: "Lighthouse's computeMedianRun (closest to the median FCP and TTI)",
        pick: (runs) => {
          const valid = typeof mod.filterToValidRuns === 'function' ? mod.filterToValidRuns(runs) : runs;
          return valid.length ? mod.computeMedianRun(valid) : medianByScore(runs);
        },
      };
    }
  } catch {
    // fall through
  }
  return { how: 'median by performance score', pick: medianByScore };
}

function medianByScore(runs) {
  const sorted = runs
    .slice()
    .sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** An audit's listed items; some audits (checklists such as document-latency-insight) hold an object. */
const detailItems = (a) => (Array.isArray(a.details?.items) ? a.details.items : []);

async function runLighthouse(port, url, extraFlags = {}) {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    formFactor: 'mobile',
    onlyCategories: CATEGORIES,
    // Saves a few seconds per run; no audit scores depend on it.
    disableFullPageScreenshot: true,
    ...extraFlags,
  });
  if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/** Lighthouse now and then loses the trace (NO_NAVSTART) on a busy machine: one more try before giving up. */
async function runWithRetry(port, url, extraFlags, label) {
  try {
    return await runLighthouse(port, url, extraFlags);
  } catch (err) {
    console.warn(`  ${label} failed (${err.message.replace(/^.*\. /, '')}), trying once more`);
    return runLighthouse(port, url, extraFlags);
  }
}

function summarize(lhr) {
  const audits = lhr.audits;
  const score = (c) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100));
  const requests = audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const totalBytes =
    audits['total-byte-weight']?.numericValue ?? requests.reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
    fcp: audits['first-contentful-paint']?.numericValue,
    lcp: audits['largest-contentful-paint']?.numericValue,
    tbt: audits['total-blocking-time']?.numericValue,
    cls: audits['cumulative-layout-shift']?.numericValue,
    totalBytes,
    jsBytes,
    requests: requests.length,
  };
}

const ms = (v) => (v == null ? '—' : `${Math.round(v)}`);
const kb = (v) => (v == null ? '—' : `${(v / 1024).toFixed(1)} KB`);
const sc = (v) => (v == null ? '—' : String(v));

function printTable(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padStart(widths[i])).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** Opportunities and diagnostics worth acting on, plus every failed audit per category. */
function printFindings(lhr) {
  const audits = lhr.audits;
  const skip = new Set(['notApplicable', 'manual', 'informative', 'error']);
  const perfIds = new Set(lhr.categories.performance?.auditRefs.map((r) => r.id) ?? []);
  const metricIds = new Set(
    lhr.categories.performance?.auditRefs.filter((r) => r.group === 'metrics').map((r) => r.id) ?? [],
  );

  const perf = [...perfIds]
    .filter((id) => !metricIds.has(id))
    .map((id) => audits[id])
    .filter((a) => a && !skip.has(a.scoreDisplayMode) && a.score !== null && a.score < 0.9)
    .map((a) => {
      const savings = a.metricSavings ?? {};
      const saveMs = Math.max(
        savings.LCP ?? 0,
        savings.FCP ?? 0,
        savings.TBT ?? 0,
        a.details?.overallSavingsMs ?? 0,
      );
      const saveBytes = a.details?.overallSavingsBytes ?? 0;
      return { a, saveMs, saveBytes };
    })
    .sort((x, y) => y.saveMs - x.saveMs || y.saveBytes - x.saveBytes || x.a.score - y.a.score);
  console.log('  Performance opportunities / diagnostics:');
  if (!perf.length) console.log('    none');
  for (const { a, saveMs, saveBytes } of perf.slice(0, 12)) {
    const parts = [];
    if (saveMs) parts.push(`~${Math.round(saveMs)} ms`);
    if (saveBytes) parts.push(`~${kb(saveBytes)}`);
    if (a.displayValue) parts.push(a.displayValue);
    console.log(`    - ${a.title} [${a.id}]${parts.length ? `: ${parts.join(', ')}` : ''}`);
    for (const item of detailItems(a).slice(0, 3)) {
      const what = item.url ?? item.source?.url ?? item.node?.snippet ?? item.label ?? item.groupLabel;
      if (typeof what === 'string') console.log(`        ${what.slice(0, 110)}`);
    }
  }
  for (const cat of CATEGORIES.slice(1)) {
    const failed = (lhr.categories[cat]?.auditRefs ?? [])
      .map((r) => audits[r.id])
      .filter((a) => a && !skip.has(a.scoreDisplayMode) && a.score !== null && a.score < 1);
    console.log(`  ${lhr.categories[cat]?.title ?? cat} failed audits:${failed.length ? '' : ' none'}`);
    for (const a of failed) {
      console.log(`    - ${a.title} [${a.id}]`);
      for (const item of detailItems(a).slice(0, 3)) {
        const what = item.node?.snippet ?? item.url ?? item.source?.url ?? item.description ?? item.directive;
        if (typeof what === 'string') console.log(`        ${what.slice(0, 110)}`);
      }
    }
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const state = { server: undefined, chrome: undefined, dataDir: undefined };
  // One cleanup however many callers (signal handler, finally): every caller waits for the same one.
  let stopped;
  const cleanup = () => {
    stopped ??= (async () => {
      try {
        await state.chrome?.kill();
      } catch {
        // already gone
      }
      state.chrome = undefined;
      await stopServer(state.server);
      state.server = undefined;
      if (state.dataDir) {
        try {
          rmSync(state.dataDir, { recursive: true, force: true, maxRetries: 5 });
        } catch (err) {
          console.warn(`Could not remove ${state.dataDir}: ${err.message}`);
        }
      }
    })();
    return stopped;
  };
  // Last resort if we exit some other way: no server or Chromium left behind.
  process.once('exit', () => {
    if (state.server && state.server.exitCode === null && state.server.signalCode === null)
      state.server.kill('SIGKILL');
    if (state.chrome?.pid) {
      try {
        process.kill(state.chrome.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the server and Chromium…`);
      cleanup().finally(() => process.exit(1));
    });
  }

  try {
    if (!existsSync(CHROMIUM))
      throw new Fatal(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
    if (opts.build) build();
    const baseUrl = await startServer(state);
    const hostelId = await demoHostelId(baseUrl);
    const pages = [{ name: '/', url: `${baseUrl}/` }];
    if (hostelId) pages.push({ name: '/hostel/{id}', url: `${baseUrl}/hostel/${hostelId}` });
    else console.warn('No demo hostel from GET /api/hostels (SEED_DEMO=1?): measuring / only.');
    // The search page students land on from a link about their campus (a demo hostel is near UI).
    pages.push({ name: '/hostels?university=UI', url: `${baseUrl}/hostels?university=UI` });
    // What the landing page's search sends: words and a budget (as typed), rendered on the server.
    pages.push({
      name: '/hostels?q=lagos&max_price=…',
      url: `${baseUrl}/hostels?q=lagos&max_price=${encodeURIComponent('₦1,000,000')}`,
    });
    console.log(`Server ${baseUrl} (demo data in ${state.dataDir}); hostel ${hostelId ?? '—'}.`);

    try {
      state.chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: CHROME_FLAGS,
        // Our own handler stops the server too; chrome-launcher's would exit before that.
        handleSIGINT: false,
        logLevel: 'silent',
      });
    } catch (err) {
      throw new Fatal(`Could not start Chromium (${CHROMIUM}): ${err.message}`);
    }
    const port = state.chrome.port;
    const median = await loadMedianPicker();
    if (opts.save) mkdirSync(opts.save, { recursive: true });

    // Median of N runs per page, default (simulated) mobile throttling.
    const results = [];
    let benchmarkIndex;
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < opts.runs; i++) {
        const t0 = Date.now();
        let lhr;
        try {
          lhr = await runWithRetry(port, page.url, {}, `${page.name} run ${i + 1}/${opts.runs}`);
        } catch (err) {
          console.warn(`  ${page.name} run ${i + 1}/${opts.runs} failed: ${err.message}`);
          continue;
        }
        benchmarkIndex ??= lhr.environment?.benchmarkIndex;
        runs.push(lhr);
        const perf = lhr.categories.performance?.score;
        console.log(
          `  ${page.name} run ${i + 1}/${opts.runs}: performance ${perf == null ? '—' : Math.round(perf * 100)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
        );
      }
      if (!runs.length) throw new Fatal(`Every Lighthouse run of ${page.url} failed.`);
      const lhr = median.pick(runs);
      const perfScores = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
      results.push({
        page,
        lhr,
        summary: summarize(lhr),
        perfRange: [Math.min(...perfScores), Math.max(...perfScores)],
      });
      if (opts.save) {
        const base = path.join(
          opts.save,
          page.name === '/'
            ? 'home'
            : page.name.startsWith('/hostels?q=')
              ? 'hostels-typed-search'
              : page.name.startsWith('/hostels')
                ? 'hostels-search'
                : 'hostel',
        );
        writeFileSync(`${base}.json`, JSON.stringify(lhr));
        writeFileSync(`${base}.html`, generateReport(lhr, 'html'));
      }
    }

    console.log(
      `\nLighthouse ${results[0].lhr.lighthouseVersion}, mobile, simulated throttling (${results[0].lhr.configSettings.throttling.cpuSlowdownMultiplier}x CPU, slow 4G); ${opts.runs} run(s) per page, ${median.how}; benchmarkIndex ${benchmarkIndex ?? '?'}; ${/HeadlessChrome\/[\d.]+/.exec(results[0].lhr.environment?.hostUserAgent ?? '')?.[0] ?? 'browser version unknown'} (numbers from different browser versions do not compare).`,
    );
    for (const { page, summary: s, perfRange } of results) {
      console.log(`\n${page.name}  (${page.url.replace(baseUrl, '')})`);
      printTable(
        [
          'Perf',
          'A11y',
          'BP',
          'SEO',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'CLS',
          'Transfer',
          'JS transfer',
          'Requests',
          'Perf range',
        ],
        [
          [
            sc(s.scores.performance),
            sc(s.scores.accessibility),
            sc(s.scores['best-practices']),
            sc(s.scores.seo),
            ms(s.fcp),
            ms(s.lcp),
            ms(s.tbt),
            s.cls == null ? '—' : s.cls.toFixed(3),
            kb(s.totalBytes),
            kb(s.jsBytes),
            s.requests,
            `${perfRange[0]}–${perfRange[1]}`,
          ],
        ],
      );
    }

    // A low-end phone's CPU: median of opts.lowEndRuns runs per page.
    if (!benchmarkIndex) {
      console.log('\nNo benchmarkIndex in the Lighthouse result: skipping the low-end phone run.');
    } else {
      const ratio = benchmarkIndex / LOW_END_BENCHMARK_INDEX;
      const multiplier = Math.max(1, Math.round(ratio * 10) / 10);
      if (ratio < 1) {
        console.log(
          `\nThis machine (benchmarkIndex ${benchmarkIndex}) is slower than a Moto G Power right now (busy?): no CPU slowdown, multiplier 1.`,
        );
      }
      console.log(
        `\nLow-end phone (Moto G Power): the CPU slowed ${multiplier}x (devtools throttling; ${multiplier} = benchmarkIndex ${benchmarkIndex} ÷ ${LOW_END_BENCHMARK_INDEX}) on slow 4G; ${opts.lowEndRuns} run(s) per page: median LCP and median TBT, scores from ${median.how}; targets LCP ≤ ${TARGETS.lcpMs} ms, TBT ≤ ${TARGETS.tbtMs} ms, each score ≥ ${TARGETS.score}. "Simulated TBT": Lighthouse's simulation of the same slowdown, median (range), for comparison.`,
      );
      const mark = (ok) => (ok ? 'ok' : 'BELOW');
      const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
      const range = (values) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
      const tbtOf = (r) => r.audits['total-blocking-time']?.numericValue ?? 0;
      const rows = [];
      for (const page of pages) {
        // Each run twice: with the CPU really slowed (devtools throttling, what the targets are judged
        // on) and Lantern's simulation of it (printed beside it; docs/decisions/0031-low-end-tbt.md).
        const slowed = [];
        const simulated = [];
        for (let i = 0; i < opts.lowEndRuns; i++) {
          const label = `${page.name} low-end run ${i + 1}/${opts.lowEndRuns}`;
          const throttling = { cpuSlowdownMultiplier: multiplier };
          try {
            slowed.push(
              await runWithRetry(port, page.url, { throttlingMethod: 'devtools', throttling }, label),
            );
            simulated.push(await runWithRetry(port, page.url, { throttling }, `${label} (simulated)`));
          } catch (err) {
            console.warn(`  ${label} failed: ${err.message}`);
          }
        }
        if (!slowed.length) continue;
        // The targets are LCP and TBT: each is the median of its own values across the runs (the
        // median run by FCP and TTI can carry an extreme TBT); the scores come from that median run.
        const s = summarize(median.pick(slowed));
        const tbts = slowed.map(tbtOf);
        s.tbt = middle(tbts);
        s.lcp = middle(slowed.map((r) => r.audits['largest-contentful-paint']?.numericValue ?? 0));
        const simulatedTbts = simulated.map(tbtOf);
        const scoreCell = (c) => `${sc(s.scores[c])} ${mark((s.scores[c] ?? 0) >= TARGETS.score)}`;
        rows.push([
          page.name,
          `${ms(s.lcp)} ${mark(s.lcp != null && s.lcp <= TARGETS.lcpMs)}`,
          `${ms(s.tbt)} ${mark(s.tbt != null && s.tbt <= TARGETS.tbtMs)}`,
          range(tbts),
          simulatedTbts.length ? `${ms(middle(simulatedTbts))} (${range(simulatedTbts)})` : '—',
          ...CATEGORIES.map(scoreCell),
        ]);
      }
      printTable(
        [
          'Page',
          'LCP ms',
          'TBT ms',
          'TBT range',
          'Simulated TBT ms',
          ...CATEGORIES.map((c) => CATEGORY_LABELS[c]),
        ],
        rows,
      );
    }

    console.log('\nFindings (median runs):');
    for (const { page, lhr } of results) {
      console.log(`\n${page.name}`);
      printFindings(lhr);
    }
    if (opts.save) console.log(`\nReports saved in ${opts.save}`);
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`\nbench:web cannot run: ${err instanceof Fatal ? err.message : (err?.stack ?? err)}`);
    process.exit(1);
  },
);
