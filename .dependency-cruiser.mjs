// Import rules (docs/decisions/0020-boundaries.md), built from boundaries.config.mjs so that adding a
// module or a shared folder is a change there, not here. `node scripts/check-boundaries.mjs` runs
// this with the checks an import graph cannot see; `npx depcruise apps/api/src` works on its own too.
import { apiInfrastructure, moduleOrder, testCode, webShared } from './boundaries.config.mjs';

const api = '^apps/api/src/';
const modules = `${api}modules/`;
const infrastructure = `${api}(${apiInfrastructure.join('|')})/`;
const moduleIndex = `${modules}[^/]+/index\\.ts$`;
/**
 * A module's table declarations (modules/<m>/<m>.schema.ts). They may name any other module's
 * tables, whatever the order, for their foreign keys: a link in the data, which the database
 * enforces, not a use of that module's code. They import nothing else of a module.
 */
const schemaFile = `${modules}[^/]+/[^/]+\\.schema\\.ts$`;
const web = '^apps/web/src/';
const literal = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One rule per module: it may not import a module later in the order. */
const orderRules = moduleOrder.slice(0, -1).map((name, i) => {
  const later = moduleOrder.slice(i + 1);
  return {
    name: `module-order:${name}`,
    severity: 'error',
    comment:
      `${name} may import only modules earlier in moduleOrder (boundaries.config.mjs). Move what both ` +
      `need down into ${name} or an earlier module, or have the later module hand it in (a callback or ` +
      'value passed from app.ts).',
    from: { path: `${modules}${literal(name)}/`, pathNot: [...testCode, schemaFile] },
    to: { path: `${modules}(${later.map(literal).join('|')})/` },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Files import each other in a circle (type-only imports count: they tie the files together for ' +
        'the compiler and for whoever reads them). Move the shared piece into the lower of the two, or ' +
        'into infrastructure, so the imports run one way.',
      from: { path: '^(apps/(api|web)/src|packages/contracts/src)/' },
      to: { circular: true },
    },
    {
      name: 'infrastructure-imports-module',
      severity: 'error',
      comment:
        `${apiInfrastructure.join('/, ')}/ serve every module and know none. Have the module hand ` +
        'what is needed in (app.ts composes them), or move the code into the module.',
      from: { path: infrastructure, pathNot: testCode },
      to: { path: modules },
    },
    {
      name: 'module-internals',
      severity: 'error',
      comment:
        "Another module's files are its own: import from modules/<m>/index.ts, its public surface " +
        '(export what you need there, by name).',
      from: { path: `${modules}([^/]+)/`, pathNot: [...testCode, schemaFile] },
      to: { path: modules, pathNot: [`${modules}$1/`, moduleIndex] },
    },
    {
      name: 'schema-imports-code',
      severity: 'error',
      comment:
        "A module's schema file declares tables: it may name other modules' tables (their schema files) for " +
        'foreign keys, and nothing else of theirs.',
      from: { path: schemaFile },
      to: { path: modules, pathNot: schemaFile },
    },
    {
      name: 'composition-imports-internals',
      severity: 'error',
      comment:
        'app.ts, startup.ts, deps.ts and server.ts compose modules through modules/<m>/index.ts only ' +
        '(export what you need there, by name).',
      from: { path: api, pathNot: [modules, infrastructure, ...testCode] },
      to: { path: modules, pathNot: moduleIndex },
    },
    ...orderRules,
    {
      name: 'web-imports-api',
      severity: 'error',
      comment:
        'The web never imports the API: what both sides need (schemas, types, constants) goes in ' +
        'packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/api/', '^@studynest/api(/|$)'] },
    },
    {
      name: 'contracts-imports-apps',
      severity: 'error',
      comment:
        'packages/contracts is shared by the apps and imports none of them: move the code into contracts.',
      from: { path: '^packages/contracts/' },
      to: { path: ['^apps/', '^@studynest/(api|web)(/|$)'] },
    },
    {
      name: 'web-shared-imports-feature',
      severity: 'error',
      comment: `${webShared.join('/, ')}/ know no feature and no route: pass what they need in from app/ (props, callbacks).`,
      from: { path: `${web}(${webShared.join('|')})/`, pathNot: testCode },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'feature-imports-feature',
      severity: 'error',
      comment:
        'A feature imports no other feature: compose them in app/, or move what both use into components/ or lib/.',
      from: { path: `${web}features/([^/]+)/`, pathNot: testCode },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'feature-imports-route',
      severity: 'error',
      comment: 'A feature imports no route (app/): routes compose features, not the other way round.',
      from: { path: `${web}features/`, pathNot: testCode },
      to: { path: `${web}app/` },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(node_modules|dist|public)/' },
    // Type-only imports are edges too: the circle through deps.ts is made of them.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
  },
};
