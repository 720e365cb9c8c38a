/**
 * Runs at most `active` receipt downloads at once — their database reads, the stored PDF or a
 * drawing handed to a thread — and lets up to `waiting` more wait their turn, in order; one more
 * is refused with `busy(waiting)`. Everything else the server answers meanwhile then shares the
 * event loop with a few receipts, not with all of them at once: with the embedded database every
 * query runs on the event loop too, so 50 downloads let in together held back /api/health 6× even
 * with every PDF stored (docs/decisions/0022-receipt-pdfs-stored-and-built-off-the-event-loop.md).
 */
export type DownloadGate = <T>(work: () => Promise<T>) => Promise<T>;

export function downloadGate(
  active: number,
  waiting: number,
  busy: (waiting: number) => Error,
): DownloadGate {
  let running = 0;
  const queue: (() => void)[] = [];
  return async (work) => {
    if (running < active) running++;
    else if (queue.length >= waiting) throw busy(queue.length);
    else await new Promise<void>((turn) => queue.push(turn));
    try {
      return await work();
    } finally {
      // A waiting download takes this one's place; `running` counts it already.
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}
