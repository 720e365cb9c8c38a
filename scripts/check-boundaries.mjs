#!/usr/bin/env node
// The layout's boundaries (docs/decisions/0020-boundaries.md), all read from boundaries.config.mjs:
//
//   1. Import rules, by dependency-cruiser (.dependency-cruiser.mjs): no cycles (type-only imports
//      included), infrastructure knows no module, a module reaches another only through its index.ts
//      and only an earlier one in the order, the web's layers, web ↛ API, contracts ↛ apps.
//   2. What an import graph cannot see, from the TypeScript syntax tree of apps/api/src:
//      - every folder under modules/ is in the module order;
//      - a table is declared in its module's <m>.schema.ts, and only that module writes it
//        (drizzle .insert/.update/.delete, or insert/update/delete SQL in a string or sql`` template);
//      - only apps/api/src/jobs/ touches the job queue's engine (`.boss`).
//   (`export *` in a module's index.ts is Biome's noReExportAll, switched on for those files in biome.json.)
//
// Test and tool code is exempt from the rules in 2. Prints every problem with what to do instead and
// exits 1 when there is one. `--root DIR` checks another copy of the repository (the tests use it).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import ts from 'typescript';

const moduleOf = (file) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Problems by check, each with what to do instead; import rules print first. */
class Problems {
  byCheck = new Map();
  importRules = new Set();
  report = (check, fix, item) => {
    if (!this.byCheck.has(check)) this.byCheck.set(check, { fix, items: [] });
    this.byCheck.get(check).items.push(item);
  };
  get count() {
    return [...this.byCheck.values()].reduce((n, p) => n + p.items.length, 0);
  }
  text(seconds) {
    if (!this.count) return `Boundaries: ok (${seconds}s)`;
    const out = [`Boundaries: ${this.count} problem(s) (${seconds}s; docs/decisions/0020-boundaries.md)`];
    const importFirst = ([a], [b]) => Number(!this.importRules.has(a)) - Number(!this.importRules.has(b));
    for (const [check, { fix, items }] of [...this.byCheck].sort(importFirst)) {
      out.push('', `✗ ${check} (${items.length})`, `  ${fix}`, ...items.map((i) => `    ${i}`));
    }
    return out.join('\n');
  }
}

/** Checks the repository at `root` (its own boundaries.config.mjs and .dependency-cruiser.mjs). */
export async function checkBoundaries(root) {
  const started = performance.now();
  const config = await import(pathToFileURL(path.join(root, 'boundaries.config.mjs')).href);
  const problems = new Problems();
  await importRules(root, problems);
  moduleFolders(root, config, problems.report);
  syntaxChecks(root, config, problems.report);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return { ok: problems.count === 0, text: problems.text(seconds) };
}

// ─── 1. Import rules ────────────────────────────────────────────────────────────────────────────

async function importRules(root, problems) {
  const targets = ['apps/api/src', 'apps/web', 'packages/contracts'].filter((t) =>
    existsSync(path.join(root, t)),
  );
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'));
  const { output: result } = await cruise(targets, { ...options, baseDir: root });
  const comments = new Map(result.summary.ruleSetUsed.forbidden.map((r) => [r.name, r.comment]));
  for (const name of comments.keys()) problems.importRules.add(name);
  const cycles = [];
  for (const v of result.summary.violations) {
    if (v.type === 'cycle') cycles.push(v);
    else {
      const typeOnly = v.dependencyTypes?.includes('type-only') ? ' (type-only)' : '';
      problems.report(v.rule.name, comments.get(v.rule.name), `${v.from} → ${v.to}${typeOnly}`);
    }
  }
  if (cycles.length) reportCycles(result.modules, cycles, comments.get('no-cycle'), problems.report);
}

/**
 * One entry per circle of files (strongly connected group), not per import on it: a single stray
 * import can tie dozens of files together and dependency-cruiser names each of their imports.
 */
function reportCycles(modules, cycles, fix, report) {
  const edges = new Map(
    modules.map((m) => [
      m.source,
      m.dependencies
        .filter((d) => !d.couldNotResolve && !d.coreModule)
        .map((d) => ({ to: d.resolved, typeOnly: d.dependencyTypes.includes('type-only') })),
    ]),
  );
  const groupOf = stronglyConnected(edges);
  const groups = new Map();
  for (const v of cycles) {
    const id = groupOf.get(v.from) ?? v.from; // a file importing itself is a group of its own
    const circle = [v.from, ...v.cycle.map((c) => c.name)];
    const kinds = v.cycle.map((c) => c.dependencyTypes.includes('type-only'));
    const known = groups.get(id);
    if (!known || circle.length < known.circle.length) groups.set(id, { circle, kinds });
  }
  for (const [id, { circle, kinds }] of groups) {
    const members = [...groupOf].filter(([, g]) => g === id).map(([f]) => f);
    const files = members.length ? members : [id];
    const set = new Set(files);
    const typeOnly = files.flatMap((f) =>
      edges
        .get(f)
        .filter((e) => e.typeOnly && set.has(e.to))
        .map((e) => `${f} → ${e.to}`),
    );
    const shortest = circle.map((f, i) => (i === 0 ? f : `${kinds[i - 1] ? '→ (type-only) ' : '→ '}${f}`));
    report(
      'no-cycle',
      fix,
      [
        `${files.length} files in one circle; the shortest through its imports:`,
        ...shortest.map((s) => `    ${s}`),
        ...(typeOnly.length ? ['  type-only imports inside it:', ...typeOnly.map((e) => `    ${e}`)] : []),
        `  all its files: ${files.sort().join(', ')}`,
      ].join('\n      '),
    );
  }
}

/** Tarjan's algorithm: file → id of its strongly connected group, for groups of two files or more. */
function stronglyConnected(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groupOf = new Map();
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const { to } of edges.get(v) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v), low.get(to)));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v), index.get(to)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) for (const f of group) groupOf.set(f, v);
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return groupOf;
}

// ─── 2. What the import graph cannot see ────────────────────────────────────────────────────────

function moduleFolders(root, { moduleOrder }, report) {
  const modulesDir = path.join(root, 'apps/api/src/modules');
  if (!existsSync(modulesDir)) return;
  const known = new Set(moduleOrder);
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (entry.isDirectory() && !known.has(entry.name)) {
      report(
        'module-not-in-order',
        'Every module has a place in moduleOrder (boundaries.config.mjs): add it after every module it imports.',
        `apps/api/src/modules/${entry.name}/`,
      );
    }
  }
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const lineOf = (sf, node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

/** 'rooms' for `pgTable('rooms', …)`, also when pgTable is imported under another name. */
function pgTableName(imports, init) {
  if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) return null;
  const callee = init.expression.text;
  const imported = imports.get(callee);
  const isPgTable = imported
    ? imported.name === 'pgTable' && imported.spec.startsWith('drizzle-orm')
    : callee === 'pgTable';
  const [first] = init.arguments;
  return isPgTable && first && ts.isStringLiteralLike(first) ? first.text : null;
}

// An UPDATE always has SET, which keeps prose such as "could not update rooms" out.
const SQL_WRITE =
  /\b(insert\s+into|delete\s+from|update)\s+(?:only\s+)?(?:"?(\w+)"?\.)?"?(\w+)"?(\s+(?:as\s+)?"?\w+"?)?(\s+set\b)?/gi;

function sqlWrites(text) {
  const found = [];
  for (const m of text.matchAll(SQL_WRITE)) {
    const [, verb, schema, table, alias, set] = m;
    if (schema && schema.toLowerCase() !== 'public') continue;
    const isUpdate = verb.toLowerCase() === 'update';
    if (isUpdate && !set && alias?.trim().toLowerCase() !== 'set') continue;
    found.push({ sql: table.toLowerCase(), how: m[0].replace(/\s+/g, ' ').trim() });
  }
  return found;
}

const isBoss = (node, sf) =>
  (ts.isPropertyAccessExpression(node) && node.name.text === 'boss') ||
  (ts.isElementAccessExpression(node) &&
    ts.isStringLiteralLike(node.argumentExpression) &&
    node.argumentExpression.text === 'boss') ||
  (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText(sf) === 'boss');

/**
 * Which module declares each table and which code writes it, from the syntax trees of apps/api/src
 * (no type checker: following imports and re-exports by name is enough here and takes a fraction
 * of a second, where a whole-program type check takes many).
 */
function syntaxChecks(root, { testCode, jobQueueFolder }, report) {
  const apiSrc = path.join(root, 'apps/api/src');
  if (!existsSync(apiSrc)) return;
  const testPatterns = testCode.map((p) => new RegExp(p));
  const isTestCode = (file) => testPatterns.some((re) => re.test(file));
  const rel = (abs) => path.relative(root, abs).split(path.sep).join('/');
  /** Parsed files by repository path, with what they import, export and declare as tables. */
  const parsed = new Map();

  function resolveSpecifier(from, spec) {
    if (!spec.startsWith('.')) return null;
    const base = path.resolve(path.dirname(path.join(root, from)), spec);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return rel(candidate);
    }
    return null;
  }

  function info(file) {
    if (parsed.has(file)) return parsed.get(file);
    const text = readFileSync(path.join(root, file), 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const entry = { file, sf, imports: new Map(), exports: new Map(), stars: [], tables: new Map() };
    parsed.set(file, entry);
    for (const node of sf.statements) {
      if (ts.isImportDeclaration(node) && node.importClause) readImport(entry, node);
      else if (ts.isExportDeclaration(node)) readExport(entry, node);
      else if (ts.isVariableStatement(node)) {
        const exported = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        for (const decl of node.declarationList.declarations) {
          if (!ts.isIdentifier(decl.name)) continue;
          const name = decl.name.text;
          if (exported) entry.exports.set(name, { local: name });
          const sql = pgTableName(entry.imports, decl.initializer);
          if (sql) entry.tables.set(name, { sql, name, file, line: lineOf(sf, decl) });
        }
      }
    }
    return entry;
  }

  function readImport(entry, node) {
    const spec = node.moduleSpecifier.text;
    const from = resolveSpecifier(entry.file, spec);
    const { name, namedBindings } = node.importClause;
    if (name) entry.imports.set(name.text, { from, spec, name: 'default' });
    if (namedBindings && ts.isNamespaceImport(namedBindings)) {
      entry.imports.set(namedBindings.name.text, { from, spec, name: '*' });
    } else if (namedBindings) {
      for (const el of namedBindings.elements) {
        entry.imports.set(el.name.text, { from, spec, name: (el.propertyName ?? el.name).text });
      }
    }
  }

  function readExport(entry, node) {
    const from = node.moduleSpecifier ? resolveSpecifier(entry.file, node.moduleSpecifier.text) : null;
    const clause = node.exportClause;
    if (!clause) {
      if (from) entry.stars.push(from);
    } else if (ts.isNamespaceExport(clause)) {
      entry.exports.set(clause.name.text, { from, name: '*' });
    } else {
      for (const el of clause.elements) {
        const name = (el.propertyName ?? el.name).text;
        entry.exports.set(el.name.text, node.moduleSpecifier ? { from, name } : { local: name });
      }
    }
  }

  /** The table a name in `file` stands for, following imports and re-exports. */
  function tableOf(file, name, seen = new Set()) {
    const key = `${file}#${name}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const entry = info(file);
    if (entry.tables.has(name)) return entry.tables.get(name);
    const imported = entry.imports.get(name);
    if (imported?.from && imported.name !== '*') return exportedTable(imported.from, imported.name, seen);
    return null;
  }

  function exportedTable(file, name, seen) {
    const entry = info(file);
    const exported = entry.exports.get(name);
    if (exported?.local) return tableOf(file, exported.local, seen);
    if (exported?.from && exported.name !== '*') return exportedTable(exported.from, exported.name, seen);
    if (exported) return null;
    for (const star of entry.stars) {
      const found = exportedTable(star, name, seen);
      if (found) return found;
    }
    return null;
  }

  /** The table an expression stands for: `rooms`, `schema.rooms` (namespace import), `(rooms as X)`. */
  function tableOfExpression(file, expr) {
    let e = expr;
    while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) {
      e = e.expression;
    }
    if (ts.isIdentifier(e)) return tableOf(file, e.text);
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
      const ns = info(file).imports.get(e.expression.text);
      if (ns?.name === '*' && ns.from) return exportedTable(ns.from, e.name.text, new Set());
    }
    return null;
  }

  /** Table writes (drizzle calls, SQL text) and uses of the job engine in one file. */
  function scanFile(file, tablesBySql, onWrite, onBoss) {
    const { sf } = info(file);
    const sqlText = (text, node) => {
      for (const w of sqlWrites(text)) {
        for (const table of tablesBySql.get(w.sql) ?? []) onWrite(table, w.how, lineOf(sf, node));
      }
    };
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
        node.arguments.length
      ) {
        const [target] = node.arguments;
        const table = tableOfExpression(file, target);
        if (table) onWrite(table, `.${node.expression.name.text}(${target.getText(sf)})`, lineOf(sf, node));
      } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        sqlText(node.text, node);
      } else if (ts.isTemplateExpression(node)) {
        // sql`update ${rooms} set …`: an interpolated table reads as its SQL name.
        const text = node.templateSpans.reduce(
          (acc, span) => `${acc}${tableOfExpression(file, span.expression)?.sql ?? '$_'}${span.literal.text}`,
          node.head.text,
        );
        sqlText(text, node);
      }
      if (isBoss(node, sf)) onBoss(node.getText(sf), lineOf(sf, node));
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const files = [...sourceFiles(apiSrc)].map(rel).filter((f) => !isTestCode(f));
  const tablesBySql = new Map();
  for (const file of files) {
    for (const table of info(file).tables.values()) {
      const owner = /^apps\/api\/src\/modules\/([^/]+)\/([^/]+)\.schema\.ts$/.exec(file);
      table.owner = owner && owner[1] === owner[2] ? owner[1] : null;
      if (!tablesBySql.has(table.sql)) tablesBySql.set(table.sql, []);
      tablesBySql.get(table.sql).push(table);
    }
  }
  for (const [sql, tables] of tablesBySql) {
    for (const t of tables.filter((t) => !t.owner)) {
      report(
        'table-outside-module',
        "A table belongs to one module: declare it in that module's modules/<m>/<m>.schema.ts (the module whose state it is, the only one that writes it).",
        `table ${sql} (${t.name}) is declared in ${t.file}:${t.line}, not in a module's schema file`,
      );
    }
    if (tables.length > 1) {
      report(
        'table-declared-twice',
        "Declare each table once, in its owner's schema file; others import it from that module's index.ts.",
        `table ${sql} is declared in ${tables.map((t) => `${t.file}:${t.line}`).join(' and ')}`,
      );
    }
  }
  const jobs = `${jobQueueFolder.replace(/\/$/, '')}/`;
  for (const file of files) {
    const writer = moduleOf(file);
    scanFile(
      file,
      tablesBySql,
      (table, how, line) => {
        if (table.owner && table.owner !== writer) {
          report(
            'table-write',
            'Only the module whose <m>.schema.ts declares a table writes it: call the transition that module exports from its index.ts (add one there if it lacks it).',
            `${file}:${line}: ${writer ?? 'code outside the modules'} writes ${table.sql} (${how}), which ${table.owner} owns`,
          );
        } else if (!table.owner && writer) {
          report(
            'unowned-table-write',
            "The table is not yet in a module's schema file: move it into the <m>.schema.ts of the module whose state it is; then only that module writes it, the others call its transitions.",
            `${file}:${line}: ${writer} writes ${table.sql} (${how}); no module owns it (declared in ${table.file})`,
          );
        }
      },
      (text, line) => {
        if (file.startsWith(jobs)) return;
        report(
          'job-queue-engine',
          `Only ${jobs} touches the queue's engine (pg-boss): use the JobQueue's own API (enqueue, schedule, …; add the method to ${jobs}job-queue.ts if it lacks one).`,
          `${file}:${line}: ${text}`,
        );
      },
    );
  }
}

// ─── Command line ───────────────────────────────────────────────────────────────────────────────

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? process.argv[rootArg + 1] : path.join(import.meta.dirname, '..');
  const { ok, text } = await checkBoundaries(path.resolve(root));
  if (ok) console.log(text);
  else console.error(text);
  process.exit(ok ? 0 : 1);
}
