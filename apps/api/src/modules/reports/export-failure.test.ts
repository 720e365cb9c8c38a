import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import type { ExportRow } from './csv.ts';
import { paymentsExport } from './payments.export.ts';

/**
 * A CSV export that fails (docs/domain.md, "Reports"), over a real connection: `inject` would hide
 * a cut socket. The seam is the export's own `batch`, the one thing the route calls per batch of
 * rows: its first call gives a whole batch so the route asks for a second, which fails. Before the
 * first row, the answer is an ordinary JSON error; after it, the client must see a broken download
 * rather than a short file that looks complete, compressed or not.
 */
describe('a CSV export that fails', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let base = '';
  const URL_PATH = '/api/admin/exports/payments.csv?from=2026-01-01&to=2026-03-31';

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A whole batch (as many rows as asked for), so the stream goes on to read another. */
  const wholeBatch = async (
    _db: unknown,
    _p: unknown,
    _after: unknown,
    limit: number,
  ): Promise<ExportRow[]> =>
    Array.from({ length: limit }, (_, i) => ({
      key: { at: `2026-01-01 00:00:${String(i).padStart(6, '0')}+00`, id: String(i) },
      cells: paymentsExport.columns.map((c) => `${c} ${i} ${Math.random()}`),
    }));

  type Outcome = {
    status: number | null;
    headers: Headers | null;
    /** The body as received, when it arrived whole. */
    body: string | null;
    /** What the client saw go wrong: the request or the body read rejected. */
    failure: unknown;
  };

  /** One download as a browser would make it, reading the body to its end. */
  async function download(encoding: 'identity' | 'gzip'): Promise<Outcome> {
    let res: Response;
    try {
      res = await fetch(base + URL_PATH, { headers: { ...admin.headers, 'accept-encoding': encoding } });
    } catch (failure) {
      return { status: null, headers: null, body: null, failure };
    }
    try {
      return { status: res.status, headers: res.headers, body: await res.text(), failure: null };
    } catch (failure) {
      return { status: res.status, headers: res.headers, body: null, failure };
    }
  }

  it.each(['identity', 'gzip'] as const)('a whole export arrives whole (%s)', async (encoding) => {
    vi.spyOn(paymentsExport, 'batch').mockImplementationOnce(wholeBatch).mockResolvedValueOnce([]);
    const out = await download(encoding);
    expect(out.failure).toBeNull();
    expect(out.status).toBe(200);
    expect(out.headers?.get('content-encoding') ?? 'identity').toBe(encoding);
    expect(parse(out.body ?? '', { bom: true, columns: true })).toHaveLength(1000);
  });

  it.each(['identity', 'gzip'] as const)(
    'failing after the first rows, the download breaks: no complete 200, no JSON (%s)',
    async (encoding) => {
      const batch = vi
        .spyOn(paymentsExport, 'batch')
        .mockImplementationOnce(wholeBatch)
        .mockRejectedValueOnce(new Error('the database went away mid-export'));
      const out = await download(encoding);
      expect(batch).toHaveBeenCalledTimes(2);
      // The client can tell: the request or the reading of its body rejected.
      expect(out.failure, `${out.status} ${out.body?.slice(0, 200)}`).toBeInstanceOf(Error);
      expect(out.body).toBeNull();
      // What did arrive, if anything, was the CSV's start, never a JSON error after CSV headers.
      if (out.headers) expect(out.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      // The server is fine afterwards.
      vi.restoreAllMocks();
      const again = await download(encoding);
      expect(again.status).toBe(200);
    },
  );

  it('the cut is at the connection: the chunked body never gets its last chunk', async () => {
    vi.spyOn(paymentsExport, 'batch')
      .mockImplementationOnce(wholeBatch)
      .mockRejectedValueOnce(new Error('the database went away mid-export'));
    const { request } = await import('node:http');
    const seen = await new Promise<{ status?: number; chunked: boolean; bytes: number; ended: boolean }>(
      (resolve) => {
        const out = { chunked: false, bytes: 0, ended: false } as {
          status?: number;
          chunked: boolean;
          bytes: number;
          ended: boolean;
        };
        const req = request(
          base + URL_PATH,
          { headers: { ...admin.headers, 'accept-encoding': 'gzip' } },
          (res) => {
            out.status = res.statusCode;
            out.chunked = res.headers['transfer-encoding'] === 'chunked';
            res.on('data', (c: Buffer) => {
              out.bytes += c.length;
            });
            res.on('end', () => {
              out.ended = true;
            });
            res.on('close', () => resolve(out));
            res.on('error', () => undefined);
          },
        );
        req.on('error', () => resolve(out));
        req.end();
      },
    );
    // Either the socket closed before any answer, or the answer began and was never finished.
    expect(seen.ended).toBe(false);
    if (seen.status !== undefined) expect(seen.chunked).toBe(true);
  });

  it.each(['identity', 'gzip'] as const)(
    'failing before the first row, the answer is a JSON error, not a 200 (%s)',
    async (encoding) => {
      vi.spyOn(paymentsExport, 'batch').mockRejectedValueOnce(new Error('a bug in the query'));
      const out = await download(encoding);
      expect(out.failure).toBeNull();
      expect(out.status).toBe(500);
      expect(out.headers?.get('content-type')).toMatch(/^application\/json/);
      expect(out.headers?.get('content-disposition')).toBeNull();
      expect(JSON.parse(out.body ?? '')).toMatchObject({ statusCode: 500 });
    },
  );

  it('the database away before the first row is a 503 to retry', async () => {
    vi.spyOn(paymentsExport, 'batch').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    const out = await download('gzip');
    expect(out.status).toBe(503);
    expect(out.headers?.get('retry-after')).toBe('5');
    expect(JSON.parse(out.body ?? '')).toMatchObject({ statusCode: 503 });
  });
});
