#!/usr/bin/env node
// The import rules that keep the layout readable (docs/decisions/0013-one-way-per-concern.md):
//
// API (apps/api/src)
//   - db/, lib/, config/, storage/, plugins/ and ledger/ know no feature module (ledger/ checks
//     the modules' rules from the tables alone);
//   - a module reaches another module only through its public surface, modules/<m>/index.ts;
//     so do app.ts, startup.ts and deps.ts, which compose them.
// Web (apps/web/src)
//   - components/, lib/, config/ and testing/ know no feature and no route (app/);
//   - a feature imports no other feature and no route; app/ composes features.
//
// Tests and test helpers may reach anywhere. Exits 1 listing every import that breaks a rule.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(full);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
      yield full;
    }
  }
}

const isTestCode = (file) => /\.(test|fixtures|test-helpers)\.tsx?$|[/\\]testing[/\\]/.test(file);

/** Relative import specifiers of a file (static imports, re-exports and dynamic imports). */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  const patterns = [
    /\bfrom\s+['"](\.[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"](\.[^'"]+)['"]/gm,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]);
  return found;
}

/** [top folder, second folder] of a path inside `base`, e.g. ['modules', 'payments']. */
const partsOf = (base, file) => path.relative(base, file).split(path.sep);

const problems = [];

function checkApi() {
  const base = path.join(root, 'apps/api/src');
  const infrastructure = new Set(['db', 'lib', 'config', 'storage', 'plugins', 'ledger']);
  for (const file of sourceFiles(base)) {
    if (isTestCode(file)) continue;
    const [fromTop, fromModule] = partsOf(base, file);
    for (const spec of relativeImports(file)) {
      const target = path.resolve(path.dirname(file), spec);
      const [top, module, ...rest] = partsOf(base, target);
      if (top !== 'modules') continue;
      const where = `${path.relative(root, file)} imports ${spec}`;
      if (infrastructure.has(fromTop)) {
        problems.push(`${where}: ${fromTop}/ must not know the feature modules`);
      } else if (!(fromTop === 'modules' && fromModule === module) && rest.join('/') !== 'index.ts') {
        problems.push(`${where}: use modules/${module}/index.ts, the module's public surface`);
      }
    }
  }
}

function checkWeb() {
  const base = path.join(root, 'apps/web/src');
  const shared = new Set(['components', 'lib', 'config', 'testing']);
  for (const file of sourceFiles(base)) {
    if (isTestCode(file)) continue;
    const [fromTop, fromFeature] = partsOf(base, file);
    for (const spec of relativeImports(file)) {
      const target = path.resolve(path.dirname(file), spec);
      const [top, feature] = partsOf(base, target);
      const where = `${path.relative(root, file)} imports ${spec}`;
      if (shared.has(fromTop) && (top === 'features' || top === 'app')) {
        problems.push(`${where}: ${fromTop}/ must not know features or routes (pass them in from app/)`);
      } else if (fromTop === 'features' && top === 'features' && feature !== fromFeature) {
        problems.push(`${where}: a feature must not import another feature (compose them in app/)`);
      } else if (fromTop === 'features' && top === 'app') {
        problems.push(`${where}: a feature must not import a route`);
      }
    }
  }
}

checkApi();
checkWeb();
if (problems.length) {
  console.error(
    `Import boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('Import boundaries: ok');
