import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

type ManifestChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};

/**
 * Leaves the staff screens' chunks (app/routes/admin/, and what only they load) out of the service
 * worker's precache: a student's phone would download them on install and never run them. Read from
 * the build manifest, which names what each screen loads.
 */
export function withoutStaffScreens(outDir: string): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const student = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || key.includes('app/routes/admin/') || student.has(chunk.file)) return;
      student.add(chunk.file);
      for (const css of chunk.css ?? []) student.add(css);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
    const built = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]));
    return { manifest: entries.filter((e) => !built.has(e.url) || student.has(e.url)) };
  };
}
