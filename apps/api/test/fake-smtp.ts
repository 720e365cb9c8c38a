import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; messageId: string; raw: string };

/**
 * A real SMTP server on a free local port that keeps what it accepts, each after `delayMs`. `refuse(n)` makes it answer
 * the next n messages with a temporary failure (451), as a mail server that is down for a while.
 */
export async function startFakeSmtp({ delayMs = 0 }: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The app's pooled transport keeps idle connections open; closing waits that long for them
    // (30 s by default), which every suite using this server paid at its end.
    closeTimeout: 200,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals--;
        const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
        // A slow server (delayMs) accepts each message a while after it arrived, like a real one.
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId, raw });
          callback();
        }, delayMs);
      });
    },
  });
  // A sender killed mid-session (the SIGKILL tests) resets its connection: SMTPServer reports that
  // as an 'error' event, which with no listener would end the test run as an unhandled error.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(n: number) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
