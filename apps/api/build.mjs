// Bundle the API into dist/server.js: our code and the contracts package (TypeScript source) are
// compiled in; every npm dependency stays an import, resolved from node_modules at run time.
// Code that runs on worker threads is a bundle of its own beside it: dist/receipt-pdf.worker.js and
// dist/agreement-pdf.worker.js, which the PDF pools (src/modules/receipts/receipt-pdf-pool.ts) find
// next to server.js.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    'receipt-pdf.worker': 'src/modules/receipts/receipt-pdf.worker.ts',
    'agreement-pdf.worker': 'src/modules/agreements/agreement-pdf.worker.ts',
  },
  outdir: 'dist',
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
