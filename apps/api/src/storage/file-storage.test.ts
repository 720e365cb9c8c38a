import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from './file-storage.ts';

/** The disk engine (DATA_DIR/uploads and DATA_DIR/private) on a directory of its own. */
describe('disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'studynest-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = localStorage(root, 'http://localhost:3000');
  const pdf = (text: string) => Buffer.from(`%PDF ${text}`);

  it('removes every file under a folder, nested ones too, and nothing beside it', async () => {
    await storage.put('receipts/sn-2026-000001/aa.pdf', pdf('a'), 'application/pdf');
    await storage.put('receipts/sn-2026-000001/bb.pdf', pdf('b'), 'application/pdf');
    await storage.put('receipts/sn-2026-000001/older/cc.pdf', pdf('c'), 'application/pdf');
    // A folder whose name starts the same, and a file named like the folder: neither is inside it.
    await storage.put('receipts/sn-2026-0000011/dd.pdf', pdf('d'), 'application/pdf');
    await storage.put('receipts/sn-2026-000001.pdf', pdf('e'), 'application/pdf');

    await storage.removeFolder('receipts/sn-2026-000001/');

    for (const key of ['aa.pdf', 'bb.pdf', 'older/cc.pdf']) {
      expect(await storage.get(`receipts/sn-2026-000001/${key}`), key).toBeNull();
    }
    expect(await storage.get('receipts/sn-2026-0000011/dd.pdf')).toEqual(pdf('d'));
    expect(await storage.get('receipts/sn-2026-000001.pdf')).toEqual(pdf('e'));
    // A PDF stored again afterwards goes where it always did.
    await storage.put('receipts/sn-2026-000001/ff.pdf', pdf('f'), 'application/pdf');
    expect(await storage.get('receipts/sn-2026-000001/ff.pdf')).toEqual(pdf('f'));
  });

  it('is fine with a folder that holds nothing, or was never made', async () => {
    await storage.removeFolder('receipts/never-stored/');
    await storage.removeFolder('receipts/never-stored/');
  });

  it('refuses a folder that could reach outside its own: unsafe, or not ending in "/"', async () => {
    await storage.put('receipts/keep/aa.pdf', pdf('a'), 'application/pdf');
    for (const folder of ['../', 'receipts/../', '/etc/', '', 'receipts/keep']) {
      await expect(storage.removeFolder(folder), folder).rejects.toThrow(
        /Unsafe storage key|A storage folder ends in "\/"/,
      );
    }
    expect(await storage.get('receipts/keep/aa.pdf')).toEqual(pdf('a'));
  });
});
