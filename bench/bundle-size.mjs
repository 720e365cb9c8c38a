#!/usr/bin/env node
// What a phone downloads, in gzip bytes: the JS loaded by `/` (entry + home route and their static
// imports); for every other route, the JS its lazy chunk adds on top of what `/` loaded; and the
// whole journey: the entry, the route's chunk and every chunk the route may load later (form
// checks, dialogs, sections loaded on demand), as a student arriving at that screen would pay.
// A screen renders inside its folder's `layout.tsx` when there is one (the admin frame), so that
// layout's chunk counts towards the screen's journey, and towards no other.
// Budgets (docs/domain.md, "Quality targets"): `/` ≤ 125 KB gzip, each lazy route ≤ 30 KB, each
// journey ≤ 150 KB (≤ 160 KB for the admin screens, a staff tool on office broadband).
// `--enforce` exits 1 when any of them is exceeded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const KB = 1024;
const HOME_BUDGET = 125 * KB;
const ROUTE_BUDGET = 30 * KB;
const JOURNEY_BUDGET = 150 * KB;
const ADMIN_JOURNEY_BUDGET = 160 * KB;
const journeyBudget = (route) => (route.startsWith('admin/') ? ADMIN_JOURNEY_BUDGET : JOURNEY_BUDGET);

const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

/** Files a manifest entry loads before running: itself plus static imports, transitively. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imp of entry.imports ?? []) closure(imp, seen);
  return seen;
}

const isRoute = (key) => key.includes('app/routes/');

/** Everything `key` loads, now or later: static and dynamic imports, but not other screens. */
function journey(key, seen = new Set(), start = key) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imp of entry.imports ?? []) journey(imp, seen, start);
  for (const imp of entry.dynamicImports ?? []) if (!isRoute(imp) || imp === start) journey(imp, seen, start);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const homeKey = Object.keys(manifest).find((k) => k.endsWith('app/routes/home.tsx'));
const homeFiles = closure(homeKey, closure(entryKey));
const jsOnly = (files) => [...files].filter((f) => f.endsWith('.js'));
const homeBytes = jsOnly(homeFiles).reduce((n, f) => n + gzipSize(f), 0);

const layoutOf = (key) => {
  const layout = key.replace(/[^/]+$/, 'layout.tsx');
  return layout !== key && manifest[layout] ? [layout] : [];
};

const rows = [];
for (const key of Object.keys(manifest)) {
  if (!key.includes('app/routes/') || key === homeKey || key.endsWith('/layout.tsx')) continue;
  const frame = layoutOf(key);
  const extra = jsOnly(new Set([...closure(key), ...frame.flatMap((l) => [...closure(l)])])).filter(
    (f) => !homeFiles.has(f),
  );
  const whole = new Set([
    ...jsOnly(closure(entryKey)),
    ...jsOnly(journey(key)),
    ...frame.flatMap((l) => jsOnly(journey(l))),
  ]);
  rows.push({
    route: key.replace(/^.*app\/routes\//, ''),
    bytes: extra.reduce((n, f) => n + gzipSize(f), 0),
    journey: [...whole].reduce((n, f) => n + gzipSize(f), 0),
  });
}
rows.sort((a, b) => b.bytes - a.bytes);

const fmt = (b) => `${(b / KB).toFixed(1)} KB`;
let over = 0;
console.log(
  `JS loaded by / (gzip): ${fmt(homeBytes)}  budget ${fmt(HOME_BUDGET)}  ${homeBytes > HOME_BUDGET ? 'OVER' : 'ok'}`,
);
for (const f of jsOnly(homeFiles)) console.log(`    ${f.padEnd(44)} ${fmt(gzipSize(f))}`);
if (homeBytes > HOME_BUDGET) over++;
console.log(
  `Routes (gzip): own chunk beyond what / loaded (budget ${fmt(ROUTE_BUDGET)}), whole journey (budget ${fmt(JOURNEY_BUDGET)}, admin screens ${fmt(ADMIN_JOURNEY_BUDGET)}):`,
);
for (const r of rows) {
  const bad = r.bytes > ROUTE_BUDGET;
  const badJourney = r.journey > journeyBudget(r.route);
  if (bad) over++;
  if (badJourney) over++;
  console.log(
    `  ${r.route.padEnd(30)} ${fmt(r.bytes).padStart(9)}  ${bad ? 'OVER' : 'ok  '}   journey ${fmt(r.journey).padStart(9)}  ${badJourney ? 'OVER' : 'ok'}`,
  );
}
const journeysOver = rows.filter((r) => r.journey > journeyBudget(r.route)).length;
if (journeysOver) console.log(`${journeysOver} journey(s) over budget`);
if (process.argv.includes('--enforce') && over) {
  console.error(`${over} bundle budget(s) exceeded`);
  process.exit(1);
}
