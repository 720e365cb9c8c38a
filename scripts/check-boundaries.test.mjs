// Each boundary rule fails when broken (docs/decisions/0020-boundaries.md). A case injects one
// violation into a scratch copy and expects the check to name it:
//   - in a copy of the real tree with the real config, so the config itself is what is tested; the
//     tree may have violations of its own, so the case looks only at what the injection added;
//   - in a small clean tree laid out like the real one (same config), which passes as it is and
//     fails with exactly the injected problem.
// The cases call the check in this process, so dependency-cruiser and TypeScript load once; one test
// runs the command line itself. Run: `npm run test:boundaries` (in scripts/test-all.mjs as `boundaries`).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

const repo = path.resolve(import.meta.dirname, '..');
const script = path.join(repo, 'scripts/check-boundaries.mjs');
const biome = path.join(repo, 'node_modules/@biomejs/biome/bin/biome');
const { moduleOrder } = await import('../boundaries.config.mjs');
const { checkBoundaries } = await import('./check-boundaries.mjs');

const scratch = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let copies = 0;

/** Runs node with args in `cwd`; resolves with the exit code and everything printed. */
function run(args, cwd) {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      resolve({ code: err ? (err.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}
/** The check in this process (its modules load once); `cli` runs it as `npm run lint` does. */
async function check(dir, { cli = false } = {}) {
  if (cli) return run([script, '--root', dir], dir);
  const { ok, text } = await checkBoundaries(dir);
  return { code: ok ? 0 : 1, output: text };
}
const biomeLint = (dir, file) => run([biome, 'lint', file], dir);

/** Writes a file of the given lines. */
function write(dir, file, lines) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), `${lines.join('\n')}\n`);
}

const CONFIG = ['boundaries.config.mjs', '.dependency-cruiser.mjs', 'biome.json', '.gitignore'];

function realCopy() {
  const dir = path.join(scratch, `real-${copies++}`);
  const parts = [
    ...CONFIG,
    'apps/api/src',
    'apps/web/src',
    'packages/contracts/src',
    'packages/contracts/package.json',
  ];
  for (const part of parts) {
    cpSync(path.join(repo, part), path.join(dir, part), {
      recursive: true,
      filter: (src) => !/[/\\](node_modules|dist|migrations)$/.test(src),
    });
  }
  return dir;
}

/** A clean tree in the real layout: two modules (the first and last of the order), infra, web, contracts. */
function fixtureCopy() {
  const dir = path.join(scratch, `fixture-${copies++}`);
  for (const part of CONFIG) cpSync(path.join(repo, part), path.join(dir, part));
  const [low, high] = [moduleOrder[0], moduleOrder.at(-1)];
  const api = 'apps/api/src';
  write(dir, `${api}/app.ts`, [
    `import { lowRoutes } from './modules/${low}/index.ts';`,
    `import { highRoutes } from './modules/${high}/index.ts';`,
    'export const routes = [lowRoutes, highRoutes];',
  ]);
  write(dir, `${api}/deps.ts`, [
    "import type { JobQueue } from './jobs/job-queue.ts';",
    'export type Deps = { jobs: JobQueue };',
  ]);
  write(dir, `${api}/jobs/job-queue.ts`, [
    'export class JobQueue {',
    '  readonly boss = { send: async (name: string) => name };',
    '  enqueue = (name: string) => this.boss.send(name);',
    '}',
  ]);
  write(dir, `${api}/db/client.ts`, ['export type Db = { insert(table: unknown): unknown };']);
  write(dir, `${api}/modules/${low}/${low}.schema.ts`, [
    "import { pgTable, text } from 'drizzle-orm/pg-core';",
    "export const lowItems = pgTable('low_items', { id: text('id') });",
  ]);
  write(dir, `${api}/modules/${low}/${low}.service.ts`, [
    "import { sql } from 'drizzle-orm';",
    `import { lowItems } from './${low}.schema.ts';`,
    "export const lowRoutes = (db: any) => db.insert(lowItems).values({ id: '1' });",
    "export const lowRaw = sql`insert into low_items (id) values ('2')`;",
  ]);
  write(dir, `${api}/modules/${low}/index.ts`, [
    `export { lowItems } from './${low}.schema.ts';`,
    `export { lowRoutes } from './${low}.service.ts';`,
  ]);
  write(dir, `${api}/modules/${high}/${high}.schema.ts`, [
    "import { pgTable as table, text } from 'drizzle-orm/pg-core';",
    "export const highItems = table('high_items', { id: text('id') });",
  ]);
  write(dir, `${api}/modules/${high}/${high}.service.ts`, [
    "import type { Deps } from '../../deps.ts';",
    `import { lowItems } from '../${low}/index.ts';`,
    `import { highItems } from './${high}.schema.ts';`,
    'export const highRoutes = async (db: any, deps: Deps) => {',
    "  await deps.jobs.enqueue('high');",
    "  await db.update(highItems).set({ id: '2' });",
    '  return db.select().from(lowItems);',
    '};',
  ]);
  write(dir, `${api}/modules/${high}/index.ts`, [`export { highRoutes } from './${high}.service.ts';`]);
  // Test code may write any table, touch the engine and reach module internals.
  write(dir, `${api}/modules/${high}/${high}.test.ts`, [
    `import { lowItems } from '../${low}/${low}.schema.ts';`,
    "export const seed = (db: any, deps: any) => [db.insert(lowItems), deps.jobs.boss.send('x')];",
  ]);
  write(dir, 'apps/web/src/app/routes.tsx', [
    "import { Button } from '../components/ui/button.tsx';",
    "import { RoomsPage } from '../features/rooms/rooms-page.tsx';",
    'export const routes = [RoomsPage, Button];',
  ]);
  write(dir, 'apps/web/src/features/rooms/rooms-page.tsx', [
    "import { Button } from '../../components/ui/button.tsx';",
    "import { money } from '../../lib/format.ts';",
    'export const RoomsPage = () => <Button label={money(1)} />;',
  ]);
  write(dir, 'apps/web/src/features/bookings/bookings-page.tsx', [
    'export const BookingsPage = () => <p>b</p>;',
  ]);
  write(dir, 'apps/web/src/components/ui/button.tsx', [
    'export const Button = ({ label }: { label: string }) => <button type="button">{label}</button>;',
  ]);
  write(dir, 'apps/web/src/lib/format.ts', ['export const money = (n: number) => n.toFixed(2);']);
  write(dir, 'packages/contracts/src/index.ts', [
    "export const ROOM_STATUSES = ['available', 'held'] as const;",
  ]);
  return dir;
}

/** What a case needs to know about a tree: two modules in order, and a table with a module that does not own it. */
async function layoutOf(dir, fixture) {
  const present = moduleOrder.filter((m) => existsSync(path.join(dir, 'apps/api/src/modules', m)));
  const [low, high] = [present[0], present.at(-1)];
  // A file of the lowest module other than its surface, for reaching into its internals.
  const lowInternal = readdirSync(path.join(dir, 'apps/api/src/modules', low))
    .sort()
    .find((f) => /\.ts$/.test(f) && f !== 'index.ts' && !/\.test\.ts$/.test(f));
  if (fixture) {
    // lowItems through low's index.ts: the write check has to follow the re-export.
    return {
      low,
      high,
      lowInternal,
      table: { name: 'lowItems', sql: 'low_items', file: `apps/api/src/modules/${low}/index.ts` },
      writer: high,
    };
  }
  const tables = [];
  for (const entry of await readdir(path.join(dir, 'apps/api/src'), { recursive: true })) {
    const file = `apps/api/src/${entry.split(path.sep).join('/')}`;
    if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      tables.push({ name: m[1], sql: m[2], file });
  }
  const table = tables.find((t) => t.sql === 'rooms') ?? tables[0];
  assert.ok(table, 'the tree declares no table');
  const owner = /^apps\/api\/src\/modules\/([^/]+)\//.exec(table.file)?.[1];
  return { low, high, lowInternal, table, writer: present.find((m) => m !== owner) };
}

const importPath = (fromFile, toFile) => {
  const p = path.posix.relative(path.posix.dirname(fromFile), toFile);
  return p.startsWith('.') ? p : `./${p}`;
};

/**
 * Each case injects one violation and returns what the answer must say. `biome: file` runs Biome's
 * lint on that file instead of the script (the `export *` rule lives in biome.json).
 */
const cases = {
  'jobs/ importing a module': (dir, { low }) => {
    write(dir, 'apps/api/src/jobs/injected.ts', [`import '../modules/${low}/index.ts';`]);
    return [
      '✗ infrastructure-imports-module (',
      `apps/api/src/jobs/injected.ts → apps/api/src/modules/${low}/index.ts`,
    ];
  },
  'a module importing a later module': (dir, { low, high }) => {
    write(dir, `apps/api/src/modules/${low}/injected.ts`, [`import '../${high}/index.ts';`]);
    return [
      `✗ module-order:${low} (`,
      `apps/api/src/modules/${low}/injected.ts → apps/api/src/modules/${high}/index.ts`,
    ];
  },
  "a module importing another module's internals": (dir, { low, high, lowInternal }) => {
    write(dir, `apps/api/src/modules/${high}/injected.ts`, [`import '../${low}/${lowInternal}';`]);
    return [
      '✗ module-internals (',
      `apps/api/src/modules/${high}/injected.ts → apps/api/src/modules/${low}/${lowInternal}`,
    ];
  },
  'a cycle made only of type-only imports': (dir) => {
    write(dir, 'apps/api/src/lib/injected-a.ts', [
      "import type { B } from './injected-b.ts';",
      'export type A = { b?: B };',
    ]);
    write(dir, 'apps/api/src/lib/injected-b.ts', [
      "import type { A } from './injected-a.ts';",
      'export type B = { a?: A };',
    ]);
    return [
      '✗ no-cycle (',
      '→ (type-only) apps/api/src/lib/injected-',
      'all its files: apps/api/src/lib/injected-a.ts, apps/api/src/lib/injected-b.ts',
    ];
  },
  'the web importing from apps/api': (dir, { low }) => {
    write(dir, 'apps/web/src/lib/injected.ts', [`import '../../../api/src/modules/${low}/index.ts';`]);
    return ['✗ web-imports-api (', `apps/web/src/lib/injected.ts → apps/api/src/modules/${low}/index.ts`];
  },
  'a web feature importing another feature': (dir) => {
    write(dir, 'apps/web/src/features/rooms/injected.ts', ["import '../bookings/bookings-page.tsx';"]);
    if (!existsSync(path.join(dir, 'apps/web/src/features/bookings/bookings-page.tsx'))) {
      write(dir, 'apps/web/src/features/bookings/bookings-page.tsx', ['export const page = 1;']);
    }
    return [
      '✗ feature-imports-feature (',
      'apps/web/src/features/rooms/injected.ts → apps/web/src/features/bookings/',
    ];
  },
  'contracts importing from apps/': (dir, { low }) => {
    write(dir, 'packages/contracts/src/injected.ts', [
      `import '../../../apps/api/src/modules/${low}/index.ts';`,
    ]);
    return [
      '✗ contracts-imports-apps (',
      `packages/contracts/src/injected.ts → apps/api/src/modules/${low}/index.ts`,
    ];
  },
  'a module writing a table it does not own (drizzle)': (dir, { table, writer }) => {
    const file = `apps/api/src/modules/${writer}/injected-write.ts`;
    write(dir, file, [
      `import { ${table.name} as injectedTable } from '${importPath(file, table.file)}';`,
      'export const injected = (tx: any) => tx.update(injectedTable).set({});',
    ]);
    return ['table-write (', `${file}:2: ${writer} writes ${table.sql} (.update(injectedTable))`];
  },
  'a module writing a table it does not own (raw SQL)': (dir, { table, writer }) => {
    const file = `apps/api/src/modules/${writer}/injected-sql.ts`;
    write(dir, file, [
      "import { sql } from 'drizzle-orm';",
      `export const injected = sql\`UPDATE ${table.sql}`,
      '  SET updated_at = now()`;',
    ]);
    return ['table-write (', `${file}:2: ${writer} writes ${table.sql} (UPDATE ${table.sql} SET)`];
  },
  "export * from a module's index.ts": (dir, { low }) => {
    const index = `apps/api/src/modules/${low}/index.ts`;
    write(dir, `apps/api/src/modules/${low}/injected-surface.ts`, ['export const injectedSurface = 1;']);
    appendFileSync(path.join(dir, index), "export * from './injected-surface.ts';\n");
    return { biome: index, expect: ['lint/performance/noReExportAll'] };
  },
  'deps.jobs.boss used in a module': (dir, { low }) => {
    const file = `apps/api/src/modules/${low}/injected-boss.ts`;
    write(dir, file, ['export const enqueue = (deps: any) => deps.jobs.boss.insert([]);']);
    return ['✗ job-queue-engine (', `${file}:1: deps.jobs.boss`];
  },
};

/** Injects the case into a fresh copy and runs the check that should catch it. */
async function inject(copy, fixture, name) {
  const dir = copy();
  const answer = cases[name](dir, await layoutOf(dir, fixture));
  const { biome: file, expect } = Array.isArray(answer) ? { expect: answer } : answer;
  const result = file ? await biomeLint(dir, file) : await check(dir);
  return { ...result, expect, viaBiome: Boolean(file) };
}

const newLines = (output, baseline) => {
  const known = new Set(baseline.split('\n'));
  return output
    .split('\n')
    .filter((l) => !known.has(l))
    .join('\n');
};

describe('the real tree, with one violation injected', () => {
  let baseline = '';
  before(async () => {
    baseline = (await check(realCopy())).output;
  });
  for (const name of Object.keys(cases)) {
    test(name, async () => {
      const { code, output, expect } = await inject(realCopy, false, name);
      assert.equal(code, 1, output);
      const added = newLines(output, baseline);
      for (const text of expect)
        assert.ok(added.includes(text), `expected a new problem with "${text}" in:\n${output}`);
    });
  }
});

describe('a clean tree in the same layout', () => {
  test('passes', async () => {
    const dir = fixtureCopy();
    const { code, output } = await check(dir);
    assert.equal(code, 0, output);
    assert.match(output, /^Boundaries: ok/);
    for (const m of [moduleOrder[0], moduleOrder.at(-1)]) {
      const lint = await biomeLint(dir, `apps/api/src/modules/${m}/index.ts`);
      assert.equal(lint.code, 0, lint.output);
    }
  });
  test('the command line exits 0 on it, and 1 once a problem is added', async () => {
    const dir = fixtureCopy();
    const clean = await check(dir, { cli: true });
    assert.equal(clean.code, 0, clean.output);
    assert.match(clean.output, /^Boundaries: ok/);
    write(dir, 'apps/api/src/lib/injected.ts', [`import '../modules/${moduleOrder[0]}/index.ts';`]);
    const broken = await check(dir, { cli: true });
    assert.equal(broken.code, 1, broken.output);
    assert.match(broken.output, /infrastructure-imports-module/);
  });
  for (const name of Object.keys(cases)) {
    test(`fails on exactly one problem: ${name}`, async () => {
      const { code, output, expect, viaBiome } = await inject(fixtureCopy, true, name);
      assert.equal(code, 1, output);
      if (!viaBiome) assert.match(output, /^Boundaries: 1 problem\(s\)/, output);
      for (const text of expect) assert.ok(output.includes(text), `expected "${text}" in:\n${output}`);
    });
  }
});
