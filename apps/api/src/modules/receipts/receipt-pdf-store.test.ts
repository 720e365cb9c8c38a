import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp, testAppWith } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { type FakeS3, S3RVER_CREDENTIALS, startFakeS3 } from '../../../test/fake-s3.ts';
import { type Caller, send } from '../../../test/requests.ts';
import { createPrivateStorage } from '../../storage/file-storage.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import { bookAndPayAgentFee, hostelWithRoom, type Student } from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';
import { RECEIPT_LAYOUT_VERSION } from './receipt-pdf.ts';
import { readPdf } from './receipts.fixtures.ts';
import { RECEIPT_DOWNLOADS_PER_HOUR } from './receipts.routes.ts';

/** A new student with a paid agent fee: its reference and receipt number. */
async function paidReceipt(t: TestApp, agentFee = 65_000) {
  const { room } = await hostelWithRoom(t, { agentFee });
  const student = await signedInUser(t);
  const { feeReference: reference } = await bookAndPayAgentFee(t, student, room);
  const [row] = await t.db.select().from(payments).where(eq(payments.reference, reference));
  return { student, reference, receiptNumber: row?.receiptNumber as string };
}

const download = (t: TestApp, who: Caller, reference: string) =>
  send(t, who, 'GET', `/api/payments/${encodeURIComponent(reference)}/receipt.pdf`);

/** The stored PDFs of a receipt on disk (DATA_DIR/private/receipts/<number>/), full paths. */
function storedOnDisk(t: TestApp, receiptNumber: string): string[] {
  const dir = path.join(t.config.dataDir, 'private', 'receipts', receiptNumber.toLowerCase());
  try {
    return readdirSync(dir).map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/** A stored PDF changed where a PDF allows trailing bytes: serving exactly these proves it was not drawn again. */
const marked = (pdf: Buffer) => Buffer.concat([pdf, Buffer.from('\n% served from storage\n')]);

describe('receipt PDFs: stored once, drawn again only when what they show changes', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  it('stores the PDF at the first download and serves the stored one after that', async () => {
    const paid = await paidReceipt(t);
    expect(storedOnDisk(t, paid.receiptNumber)).toEqual([]);

    const first = await download(t, paid.student, paid.reference);
    expect(first.statusCode, first.body).toBe(200);
    const files = storedOnDisk(t, paid.receiptNumber);
    expect(files).toHaveLength(1);
    expect(readFileSync(files[0] as string).equals(first.rawPayload)).toBe(true);
    // Private to the server's user, like the rest of DATA_DIR, and never under the public uploads.
    expect(files[0]).not.toContain(`${path.sep}uploads${path.sep}`);

    writeFileSync(files[0] as string, marked(first.rawPayload));
    for (const who of [paid.student, admin]) {
      const again = await download(t, who, paid.reference);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/pdf');
      expect(again.rawPayload.equals(marked(first.rawPayload))).toBe(true);
    }
    expect(storedOnDisk(t, paid.receiptNumber)).toHaveLength(1);
  });

  /** An admin refunds `amount` of the payment (sandbox: processed by the job queue soon after). */
  async function refunded(reference: string, amount: number) {
    const res = await send(t, admin, 'POST', '/api/admin/refunds', { reference, amount, reason: 'Test' });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { _id: string })._id;
    await eventually(async () => {
      const r = await send(t, admin, 'GET', `/api/admin/refunds/${id}`);
      return r.json().status === 'processed' ? true : null;
    });
  }

  it('draws a new receipt once a refund is recorded, showing it; the old one is never served again', async () => {
    const paid = await paidReceipt(t, 65_000);
    const before = await download(t, paid.student, paid.reference);
    expect(before.statusCode).toBe(200);
    expect(readPdf(before.rawPayload).text).not.toMatch(/Refunded/);
    const [oldFile] = storedOnDisk(t, paid.receiptNumber);
    writeFileSync(oldFile as string, marked(before.rawPayload));

    await refunded(paid.reference, 15_000);
    const partly = await download(t, paid.student, paid.reference);
    expect(partly.statusCode).toBe(200);
    expect(partly.rawPayload.equals(marked(before.rawPayload))).toBe(false);
    const { text, pages } = readPdf(partly.rawPayload);
    expect(pages).toBe(1);
    expect(text).toMatch(/Status\s+Partly refunded/);
    expect(text).toMatch(/Refunded\s+₦15,000/);
    expect(text).toMatch(/Amount\s+₦65,000/);
    expect(text).toContain(paid.receiptNumber);
    expect(storedOnDisk(t, paid.receiptNumber)).toHaveLength(2);

    await refunded(paid.reference, 50_000);
    const full = readPdf((await download(t, paid.student, paid.reference)).rawPayload).text;
    expect(full).toMatch(/Status\s+Refunded/);
    expect(full).toMatch(/Refunded\s+₦65,000/);
    expect(storedOnDisk(t, paid.receiptNumber)).toHaveLength(3);
  });

  it(`lets one account download ${RECEIPT_DOWNLOADS_PER_HOUR} receipts an hour, then 429 with Retry-After; others unaffected`, async () => {
    const paid = await paidReceipt(t);
    const other = await paidReceipt(t);
    for (let i = 0; i < RECEIPT_DOWNLOADS_PER_HOUR; i++) {
      const res = await download(t, paid.student, paid.reference);
      expect(res.statusCode, `download ${i + 1}`).toBe(200);
    }
    const limited = await download(t, paid.student, paid.reference);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      `This account has downloaded ${RECEIPT_DOWNLOADS_PER_HOUR} receipts in the last hour, the most we allow. Try again in 60 minutes.`,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);

    expect((await download(t, other.student, other.reference)).statusCode).toBe(200);
    expect((await download(t, admin, paid.reference)).statusCode).toBe(200);
  });
});

describe('receipt PDFs when the pool is full', () => {
  // One thread, one receipt waiting: the third at once must be turned away.
  const t = testApp({}, { RECEIPT_PDF_THREADS: '1', RECEIPT_PDF_QUEUE: '1' });

  it('answers 503 with Retry-After and a clear message, never 500; those let in are valid PDFs', async () => {
    const paid: { student: Student; reference: string }[] = [];
    for (let i = 0; i < 12; i++) paid.push(await paidReceipt(t));

    const answers = await Promise.all(paid.map((p) => download(t, p.student, p.reference)));
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length, statuses.join()).toBeGreaterThan(0);
    expect(
      answers.some((r) => r.statusCode === 200),
      statuses.join(),
    ).toBe(true);
    for (const res of busy) {
      expect(res.json().message).toMatch(
        /^Receipts are being made for many people at once\. Please try again in \d+ seconds?\.$/,
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    for (const res of answers.filter((r) => r.statusCode === 200)) {
      expect(readPdf(res.rawPayload).pages).toBe(1);
    }

    // Once the queue has drained, each of them downloads.
    for (const p of paid) expect((await download(t, p.student, p.reference)).statusCode).toBe(200);
  });
});

describe('receipt PDFs stored in an S3-compatible bucket', () => {
  let s3: FakeS3;
  const bucket = 'studynest-receipts';
  beforeAll(async () => {
    s3 = await startFakeS3(bucket);
  });
  afterAll(() => s3.close());
  const settings = () => ({ endpoint: s3.endpoint, bucket, region: 'us-east-1', ...S3RVER_CREDENTIALS });
  const t = testApp(() => ({ s3: settings() }));

  it("keeps them under the bucket's private/ folder and serves the stored one", async () => {
    const paid = await paidReceipt(t);
    const first = await download(t, paid.student, paid.reference);
    expect(first.statusCode, first.body).toBe(200);

    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: 'private/receipts/' }),
    );
    const keys = (listed.Contents ?? []).map((o) => o.Key as string);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(
      new RegExp(`^private/receipts/${paid.receiptNumber.toLowerCase()}/[0-9a-f]{64}\\.pdf$`),
    );
    expect(storedOnDisk(t, paid.receiptNumber)).toEqual([]);

    const key = (keys[0] as string).slice('private/'.length);
    const storage = createPrivateStorage(t.config);
    expect((await storage.get(key))?.equals(first.rawPayload)).toBe(true);
    expect(await storage.get('receipts/none/missing.pdf')).toBeNull();
    await storage.put(key, marked(first.rawPayload), 'application/pdf');
    const again = await download(t, paid.student, paid.reference);
    expect(again.rawPayload.equals(marked(first.rawPayload))).toBe(true);
  });

  it("removes them from the bucket when the payer's account is deleted, and no one else's", async () => {
    const paid = await paidReceipt(t);
    const other = await paidReceipt(t);
    for (const p of [paid, other]) expect((await download(t, p.student, p.reference)).statusCode).toBe(200);
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const storedFor = async (receiptNumber: string) => {
      const prefix = `private/receipts/${receiptNumber.toLowerCase()}/`;
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key);
    };
    expect(await storedFor(paid.receiptNumber)).toHaveLength(1);

    await t.db.update(bookings).set({ status: 'inspected' }).where(eq(bookings.userId, paid.student.user.id));
    const deleted = await send(t, paid.student, 'POST', '/api/auth/delete-account', {
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await storedFor(paid.receiptNumber)).toEqual([]);
    expect(await storedFor(other.receiptNumber)).toHaveLength(1);
  });
});

describe('the layout version in stored PDF keys', () => {
  /**
   * A stored PDF's key holds RECEIPT_LAYOUT_VERSION, not the drawing code: change how receipts are
   * drawn without raising it and the PDFs stored before keep being served. This fails on any
   * change to receipt-pdf.ts, to make the question asked: raise the version if receipts look
   * different, then record the file's new hash here.
   */
  const RECORDED = {
    version: 1,
    sha256: '3f9ed5637ba446876b6b07803725cf3237c60d4cfb7b5bc28cb3fc312903513a',
  };

  it('is raised when receipt-pdf.ts changes what a receipt looks like', () => {
    const source = readFileSync(new URL('./receipt-pdf.ts', import.meta.url), 'utf8').replace(/\r\n/g, '\n');
    const sha256 = createHash('sha256').update(source).digest('hex');
    expect(
      { version: RECEIPT_LAYOUT_VERSION, sha256 },
      'receipt-pdf.ts changed: if receipts now look different, raise RECEIPT_LAYOUT_VERSION; then record the new hash in this test',
    ).toEqual(RECORDED);
  });
});
