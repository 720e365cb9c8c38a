import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Write .br and .gz next to every text asset so the server sends them without compressing per request. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'studynest-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        // Not dot directories: .vite (the manifest) and .server (the server renderer) are never downloaded.
        readdirSync(dir)
          .filter((name) => !name.startsWith('.'))
          .flatMap((name) => {
            const full = path.join(dir, name);
            return statSync(full).isDirectory() ? walk(full) : [full];
          });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
