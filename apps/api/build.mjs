// Bundle the API into dist/server.js: our code and the contracts package (TypeScript source) are
// compiled in; every npm dependency stays an import, resolved from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@studynest/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
