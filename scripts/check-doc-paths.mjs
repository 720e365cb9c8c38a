#!/usr/bin/env node
// Every repository path named in the docs and in code comments exists (part of `npm run lint`).
//
// Scanned: docs/**/*.md and README.md (the whole text, code blocks included), and the `//` and
// `/* */` comments of the .ts/.tsx/.mjs/.js files under apps/*/src, packages/*/src, e2e, bench and
// scripts.
//
// What counts as a path (anything else is prose and is left alone):
//   1. A markdown link's target, `[text](target)`, that is not a URL, a mail address or an `#anchor`:
//      resolved from the linking file's folder (`#anchor` stripped).
//   2. A word with a `/` in it that starts with `./` or `../` (resolved from the file's folder), with
//      a top-level folder (`apps/`, `packages/`, `docs/`, `e2e/`, `bench/`, `scripts/`, `deploy/`,
//      `.ci/`), or with one of the short forms the docs use (PREFIXES below: `modules/x` is
//      apps/api/src/modules/x, `features/x` is apps/web/src/features/x, `lib/x` is apps/api/src/lib/x
//      or apps/web/src/lib/x, …); it may name a file or a folder.
//   3. Any other word with a `/` whose last part has a file extension (EXTENSIONS, e.g.
//      `rooms/room-hold.ts`): it must be the end of some file's path in the repository.
//   4. A file name alone with a source extension (BARE: .ts .tsx .mts .mjs .cjs .md .sql, e.g.
//      `payments.service.ts`, `*.fixtures.ts`): some file in the repository has that name. (Not
//      .js and .json: `Node.js`, `res.json()`.)
//   Not paths: words starting with `/` (API routes, /etc/…), URLs (`x://`), words whose first part is
//   an installed package (`zod/mini`, `pg-boss/…`), build and run-time output (`dist/`, `data/`,
//   `uploads/`, `node_modules/`), and words with `$` (regex back-references). A `:line` suffix and
//   trailing punctuation are dropped.
// Rules of resolution:
//   - A path ending in `/` must be a folder; one ending in `…` or `...` must be a folder, whatever
//     follows it.
//   - `*`, `**`, `{a,b}` and placeholders like `<m>` or `{id}` make a glob (`<m>` and `{id}` stand
//     for one name); a glob must match at least one file or folder.
//   - A `.js` path is also found as `.ts`/`.tsx` (ESM imports name the compiled file).
// A text that names a path on purpose although it no longer exists (an ADR's account of how things
// were) says so once in that file: `<!-- check-doc-paths: gone db/schema.ts, … — why -->` in
// markdown, or a comment `// check-doc-paths: gone db/schema.ts — why` in code; the listed words
// (before ` — `) are then not checked in that file.
//
// Prints `file:line: path` for each missing one, with the files of the same name as a hint, and
// exits 1 if there is one. `--root DIR` checks another copy of the repository.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const started = performance.now();
const rootArg = process.argv.indexOf('--root');
const root = path.resolve(rootArg > 0 ? process.argv[rootArg + 1] : path.join(import.meta.dirname, '..'));

/** Top-level folders: a path starting with one is read from the repository root. */
const TOP = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts', 'deploy', '.ci'];
/** Short forms the docs and comments use, and where each may point (the first that exists wins). */
const PREFIXES = {
  modules: ['apps/api/src/modules'],
  db: ['apps/api/src/db'],
  jobs: ['apps/api/src/jobs'],
  plugins: ['apps/api/src/plugins'],
  storage: ['apps/api/src/storage'],
  'payment-providers': ['apps/api/src/payment-providers'],
  lib: ['apps/api/src/lib', 'apps/web/src/lib'],
  config: ['apps/api/src/config', 'apps/web/src/config'],
  features: ['apps/web/src/features'],
  components: ['apps/web/src/components'],
  app: ['apps/web/src/app'],
  testing: ['apps/web/src/testing'],
  src: ['apps/api/src', 'apps/web/src', 'packages/contracts/src'],
  test: ['apps/api/test'],
  resilience: ['apps/api/resilience'],
  cluster: ['apps/api/cluster'],
};
/** Output and run-time folders: named in the docs, never in the repository. */
const NOT_IN_REPO = new Set([
  'dist',
  '.server',
  'data',
  'uploads',
  'node_modules',
  'test-results',
  'playwright-report',
]);
const BARE_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|md|sql)$/;
const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|jsx|md|json|sql|ya?ml|conf|service|sh|html|css)$/;
const SKIP_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'results',
]);

// ─── The tree ───────────────────────────────────────────────────────────────────────────────────

const files = new Set();
const dirs = new Set(['']);
(function walk(rel) {
  for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.data')) continue;
    const p = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      dirs.add(p);
      walk(p);
    } else files.add(p);
  }
})('');
const byName = new Map();
for (const f of files) {
  const name = f.slice(f.lastIndexOf('/') + 1);
  byName.set(name, [...(byName.get(name) ?? []), f]);
}

// ─── What to scan ───────────────────────────────────────────────────────────────────────────────

const under = (prefix, test) => [...files].filter((f) => f.startsWith(prefix) && test(f));
const docs = ['README.md', ...under('docs/', (f) => f.endsWith('.md'))].filter((f) => files.has(f));
const codeRoots = [...dirs].filter(
  (d) => /^(apps|packages)\/[^/]+\/src$/.test(d) || /^(e2e|bench|scripts)$/.test(d),
);
const code = [...files].filter(
  (f) =>
    /\.(ts|tsx|mjs|js)$/.test(f) &&
    codeRoots.some((r) => f.startsWith(`${r}/`)) &&
    f !== 'scripts/check-doc-paths.mjs',
);

/**
 * The comments of a JavaScript/TypeScript file, as { text, line } (one entry per comment line).
 * A small scanner: strings (a quoted one ends at its line's end at the latest, so an apostrophe in
 * JSX text cannot swallow the file), template literals with `${}`, regex literals (after an operator
 * or keyword), `//` and `/* *\/` comments.
 */
function comments(src) {
  const out = [];
  let i = 0;
  let line = 1;
  let prev = ''; // last significant character outside comments, to tell a regex from a division
  let prevWord = '';
  const templateDepth = []; // brace depth at which each open `${` returns to its template
  let braces = 0;
  const n = src.length;
  const regexAfter = /[(,=:[!&|?{};+\-*%<>~^]/;
  const regexKeywords = new Set([
    'return',
    'typeof',
    'case',
    'do',
    'else',
    'in',
    'of',
    'new',
    'delete',
    'void',
    'throw',
    'yield',
    'await',
  ]);
  const push = (text, at) => {
    for (const [k, t] of text.split('\n').entries()) out.push({ text: t, line: at + k });
  };
  const template = () => {
    // at src[i] just after a backtick (or a closing brace of `${}`); read to the end or to `${`
    while (i < n) {
      const c = src[i];
      if (c === '\\') {
        if (src[i + 1] === '\n') line++;
        i += 2;
      } else if (c === '`') {
        i++;
        return;
      } else if (c === '$' && src[i + 1] === '{') {
        i += 2;
        templateDepth.push(braces);
        braces++;
        return;
      } else {
        if (c === '\n') line++;
        i++;
      }
    }
  };
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (c === '/' && d === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      push(src.slice(i + 2, stop), line);
      i = stop;
    } else if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end;
      const text = src.slice(i + 2, stop);
      push(text, line);
      line += text.split('\n').length - 1;
      i = stop + 2;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < n && src[i] !== c && src[i] !== '\n') {
        if (src[i] === '\\' && src[i + 1] === '\n') line++;
        i += src[i] === '\\' ? 2 : 1;
      }
      if (src[i] === c) i++;
      prev = 'a';
      prevWord = '';
    } else if (c === '`') {
      i++;
      template();
      prev = 'a';
      prevWord = '';
    } else if (c === '/' && (prev === '' || regexAfter.test(prev) || regexKeywords.has(prevWord))) {
      // a regex literal: to the closing slash outside a character class, on one line
      i++;
      let inClass = false;
      while (i < n && src[i] !== '\n') {
        if (src[i] === '\\') i += 2;
        else if (src[i] === '/' && !inClass) break;
        else {
          if (src[i] === '[') inClass = true;
          else if (src[i] === ']') inClass = false;
          i++;
        }
      }
      if (src[i] === '/') i++;
      prev = 'a';
      prevWord = '';
    } else if (/[A-Za-z0-9_$]/.test(c)) {
      const m = /^[A-Za-z0-9_$]+/.exec(src.slice(i, i + 64));
      prevWord = m[0];
      prev = 'a';
      i += m[0].length;
    } else {
      if (c === '{') braces++;
      else if (c === '}') {
        braces--;
        if (templateDepth.length && templateDepth.at(-1) === braces) {
          templateDepth.pop();
          i++;
          template();
          prev = 'a';
          prevWord = '';
          continue;
        }
      }
      prev = c;
      prevWord = '';
      i++;
    }
  }
  return out;
}

// ─── Finding paths in a line ────────────────────────────────────────────────────────────────────

const SEGMENT = String.raw`(?:[A-Za-z0-9_.*<>@…-]|\{[A-Za-z0-9_.,-]+\})+`;
const WORD = new RegExp(String.raw`(?<![A-Za-z0-9_./:@$\\-])(?:\.\.?/)*${SEGMENT}(?:/(?:${SEGMENT})?)+`, 'g');
const BARE =
  /(?<![A-Za-z0-9_./:@$\\<>*-])[A-Za-z0-9_<>*][A-Za-z0-9_.<>*@-]*\.(?:tsx?|mts|[mc]js|md|sql)(?![A-Za-z0-9_/@-]|\.[A-Za-z0-9])/g;
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function* pathsIn(text, markdown) {
  if (markdown) {
    for (const m of text.matchAll(LINK)) {
      const target = m[1].replace(/#.*$/, '');
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) yield { word: target, link: true };
    }
  }
  for (const m of text.matchAll(WORD)) {
    if (text[m.index + m[0].length] === ':' && text[m.index + m[0].length + 1] === '/') continue; // x://
    const word = m[0].replace(/[.,;:]+$/, '');
    if (word.includes('/') && !word.startsWith('<')) yield { word, link: false };
  }
  for (const m of text.matchAll(BARE)) yield { word: m[0], link: false };
}

// ─── Resolving ──────────────────────────────────────────────────────────────────────────────────

const globCache = new Map();
function globToRegex(pattern) {
  let re = '';
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k];
    if (c === '*' && pattern[k + 1] === '*') {
      re += '.*';
      k++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '<') {
      const end = pattern.indexOf('>', k);
      re += '[^/]+';
      k = end < 0 ? pattern.length : end;
    } else if (c === '{') {
      const end = pattern.indexOf('}', k);
      const inside = pattern.slice(k + 1, end);
      re += inside.includes(',') ? `(?:${inside.split(',').map(escapeRegex).join('|')})` : '[^/]+';
      k = end;
    } else re += escapeRegex(c);
  }
  return new RegExp(`^${re}$`);
}
const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isGlob = (p) => /[*<{]/.test(p);

/** Does the repository path `p` (no leading slash) exist, as a folder when `dir`? */
function exists(p, dir) {
  p = p.replace(/\/+$/, '');
  if (isGlob(p)) {
    if (!globCache.has(p)) {
      const re = globToRegex(p);
      globCache.set(p, { file: [...files].some((f) => re.test(f)), dir: [...dirs].some((d) => re.test(d)) });
    }
    const g = globCache.get(p);
    return dir ? g.dir : g.file || g.dir;
  }
  if (dirs.has(p)) return true;
  if (dir) return false;
  return (
    files.has(p) ||
    (p.endsWith('.js') && (files.has(`${p.slice(0, -3)}.ts`) || files.has(`${p.slice(0, -3)}.tsx`)))
  );
}

/** undefined: not a path; true: found; false: missing. */
function check(word, fromFile, link) {
  if (word.includes('$') || word.includes('://')) return undefined;
  let p = word.replace(/:\d+(-\d+)?$/, '');
  let dir = p.endsWith('/');
  const ellipsis = /(\/?)(…|\.\.\.)(.*)$/.exec(p);
  if (ellipsis && ellipsis.index > 0) {
    p = p.slice(0, ellipsis.index);
    dir = true;
  } else if (ellipsis) return undefined;
  const parts = p.split('/');
  const first = parts[0];
  if (parts.some((s) => NOT_IN_REPO.has(s))) return undefined;
  if (parts.length === 1 && !link) {
    if (!BARE_EXTENSIONS.test(p)) return undefined;
    if (!isGlob(p)) return byName.has(p) || dirs.has(p);
    const re = globToRegex(p);
    return [...byName.keys()].some((name) => re.test(name));
  }
  if (link || first === '.' || first === '..') {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), p));
    if (resolved.startsWith('..')) return undefined;
    return exists(resolved === '.' ? '' : resolved, dir);
  }
  if (TOP.includes(first)) return exists(p, dir);
  if (PREFIXES[first])
    return PREFIXES[first].some((base) => exists(`${base}/${parts.slice(1).join('/')}`, dir));
  const last = parts.at(-1);
  if (!EXTENSIONS.test(last) || isGlob(first)) return undefined;
  if (
    dirs.has(`node_modules/${first}`) ||
    (first.startsWith('@') && dirs.has(`node_modules/${first}/${parts[1]}`))
  ) {
    return undefined;
  }
  // `rooms/room-hold.ts`: the end of some file's path
  const tail = `/${p.replace(/^\/+/, '')}`;
  if (isGlob(p)) {
    const re = globToRegex(`**${tail}`);
    return [...files].some((f) => re.test(`/${f}`));
  }
  const alt = p.endsWith('.js') ? [tail, `${tail.slice(0, -3)}.ts`, `${tail.slice(0, -3)}.tsx`] : [tail];
  return (
    byName.get(last) ??
    byName.get(last.replace(/\.js$/, '.ts')) ??
    byName.get(last.replace(/\.js$/, '.tsx')) ??
    []
  ).some((f) => alt.some((t) => `/${f}`.endsWith(t)));
}

function hint(word) {
  const clean = word.replace(/:\d+(-\d+)?$/, '').replace(/\/+$/, '');
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  const same = [...(byName.get(name) ?? []), ...[...dirs].filter((d) => d.endsWith(`/${name}`))].filter(
    (f) => !f.includes('/migrations/meta/'),
  );
  if (same.length && same.length <= 4) return `is it ${same.join(' or ')}?`;
  if (same.length) return `${same.length} files are named ${name}; name the one meant`;
  return `nothing here is named ${name}: name where it went; another project's file: give its URL; the past: a "check-doc-paths: gone" note`;
}

// ─── Run ────────────────────────────────────────────────────────────────────────────────────────

const GONE = /check-doc-paths:\s*gone\s+([^\n]*?)(?:-->|\*\/|$)/g;
const missing = [];
let named = 0;
for (const file of [...docs, ...code]) {
  const src = readFileSync(path.join(root, file), 'utf8');
  const markdown = file.endsWith('.md');
  const lines = markdown ? src.split('\n').map((text, k) => ({ text, line: k + 1 })) : comments(src);
  const gone = new Set();
  for (const { text } of lines) {
    for (const m of text.matchAll(GONE))
      for (const w of m[1].split(' — ')[0].split(/[\s,]+/)) if (w) gone.add(w);
  }
  for (const { text, line } of lines) {
    if (GONE.test(text)) {
      GONE.lastIndex = 0;
      continue;
    }
    const seen = new Set();
    for (const { word, link } of pathsIn(text, markdown)) {
      if (gone.has(word) || seen.has(word)) continue;
      seen.add(word);
      const found = check(word, file, link);
      if (found === undefined) continue;
      named++;
      if (!found) missing.push({ file, line, word });
    }
  }
}

const seconds = ((performance.now() - started) / 1000).toFixed(2);
const scanned = `${docs.length} docs, ${code.length} source files`;
if (!missing.length) {
  console.log(`Doc paths: ok, ${named} paths named in ${scanned} (${seconds}s)`);
} else {
  console.log(
    `Doc paths: ${missing.length} missing of ${named} named in ${scanned} (${seconds}s; rules atop scripts/check-doc-paths.mjs)`,
  );
  for (const { file, line, word } of missing) console.log(`  ${file}:${line}: ${word}\n      ${hint(word)}`);
  process.exitCode = 1;
}
