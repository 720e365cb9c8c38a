import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from './http.ts';
import { seedPaidReceipts } from './paid-receipts.ts';
import { errorLines, newJwtSecret, type Server, startServer, tail, terminate } from './server-process.ts';

/**
 * The production build draws receipts on its worker threads: dist/receipt-pdf.worker.js, found
 * beside dist/server.js, loaded by plain Node (no tsx), and the PDFs kept in DATA_DIR/private.
 */
describe('receipt PDFs from the production build', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-receipts-build-'));
  let server: Server | undefined;
  afterAll(async () => {
    if (server) await terminate(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('draws them on the built worker thread file and serves the stored ones', async () => {
    const jwtSecret = newJwtSecret();
    const paid = await seedPaidReceipts(dataDir, jwtSecret, 3);
    server = await startServer({ dataDir, jwtSecret, env: { RECEIPT_PDF_THREADS: '2' } });
    const base = server.base;
    const downloads = () =>
      Promise.all(
        paid.map((p) => request(base, 'GET', `/api/payments/${p.reference}/receipt.pdf`, { token: p.token })),
      );
    for (const round of [await downloads(), await downloads()]) {
      for (const res of round) {
        expect(res.status, `${res.status} ${res.text.slice(0, 300)}\n${tail(server.log())}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.text.startsWith('%PDF-')).toBe(true);
      }
    }
    const stored = readdirSync(path.join(dataDir, 'private', 'receipts'), { recursive: true }).filter((f) =>
      String(f).endsWith('.pdf'),
    );
    expect(stored).toHaveLength(3);
    expect(errorLines(server.log())).toEqual([]);
  });
});
