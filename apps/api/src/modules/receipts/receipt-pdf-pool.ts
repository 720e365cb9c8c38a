import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import { AppError } from '../../lib/errors.ts';
import type { ReceiptPdfTask } from './receipt-pdf.worker.ts';

/** A pool of threads that draw one kind of PDF (a task in, the PDF's bytes out). */
export type PdfPool<Task> = {
  /** The PDF, drawn on a thread; 503 with Retry-After when `queue` PDFs already wait. */
  render(task: Task): Promise<Buffer>;
  /** PDFs this pool has drawn: tests and benchmarks tell a stored PDF from a new one by it. */
  readonly drawn: number;
  close(): Promise<void>;
};

/**
 * Receipt PDFs are drawn on worker threads (piscina), never on the event loop: a PDF is ~20 ms of
 * CPU, and drawn in the request they made every other request wait behind them
 * (docs/decisions/0022-receipt-pdfs-stored-and-built-off-the-event-loop.md).
 */
export type ReceiptPdfPool = PdfPool<ReceiptPdfTask>;

export type ReceiptPdfPoolOptions = {
  /** Threads at most; they start on the first receipt and stop after a minute without one. */
  threads: number;
  /** Receipts that may wait for a thread; one more is answered 503. */
  queue: number;
};

/** A receipt takes ~20 ms on a thread here; Retry-After is about how long the queue takes to drain. */
const TYPICAL_MS = 30;
const IDLE_MS = 60_000;
/**
 * On Linux the threads run at a lower priority (nice 10, per thread): when the cores are all busy
 * the event loop, which answers everyone else, goes first and receipts take a little longer.
 */
const NICE = 10;

/**
 * Where the threads' code is: beside the bundle (dist/receipt-pdf.worker.js) in a build, else the
 * TypeScript source, which a thread can load only through tsx (a dev dependency: `npm run dev`,
 * tests and benchmarks run from the sources). Under tsx the threads inherit its loader; under
 * vitest they are given it.
 */
function workerEntry(worker: WorkerFile): { filename: string; execArgv?: string[] } {
  const here = worker.besideUrl;
  if (!here.endsWith('.ts')) return { filename: new URL(`./${worker.name}.js`, here).href };
  const underTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return {
    filename: new URL(`./${worker.name}.ts`, here).href,
    execArgv: underTsx ? process.execArgv : [...process.execArgv, '--import', tsx],
  };
}

const QUEUE_FULL = 'Task queue is at limit'; // piscina's words when maxQueue is reached

/**
 * A worker file: its name without extension (`receipt-pdf.worker`) and the `import.meta.url` of a
 * module beside it — in a build every bundle sits in dist/, so the same URL finds the `.js` there.
 */
type WorkerFile = { name: string; besideUrl: string };

/** 503 with Retry-After: about how long the `waiting` PDFs take on `threads` threads. */
export function tooBusy(waiting: number, threads: number, what = 'Receipts'): AppError {
  const seconds = Math.min(60, Math.max(1, Math.ceil((waiting * TYPICAL_MS) / threads / 1000)));
  return new AppError(
    503,
    `${what} are being made for many people at once. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

export const receiptPdfPool = (options: ReceiptPdfPoolOptions): ReceiptPdfPool =>
  pdfPool(options, { name: 'receipt-pdf.worker', besideUrl: import.meta.url }, 'Receipts');

/** A pool for any kind of PDF whose thread code is `worker` (its default export draws one). */
export function pdfPool<Task>(
  { threads, queue }: ReceiptPdfPoolOptions,
  worker: WorkerFile,
  what: string,
): PdfPool<Task> {
  let pool: Promise<Piscina> | undefined;
  let drawn = 0;
  // piscina is loaded with the first receipt, like pdfkit: an idle server carries neither.
  const started = () => {
    pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          ...workerEntry(worker),
          minThreads: 0,
          maxThreads: threads,
          maxQueue: queue,
          idleTimeout: IDLE_MS,
          niceIncrement: NICE,
        }),
    );
    return pool;
  };
  const busy = (waiting: number) => tooBusy(waiting, threads, what);

  return {
    async render(task) {
      const p = await started();
      if (p.queueSize >= queue) throw busy(p.queueSize);
      let pdf: Uint8Array;
      try {
        pdf = await p.run(task);
      } catch (err) {
        if (err instanceof Error && err.message === QUEUE_FULL) throw busy(p.queueSize);
        throw err;
      }
      drawn++;
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    get drawn() {
      return drawn;
    },
    async close() {
      if (pool) await (await pool).destroy();
    },
  };
}
