import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { outboxEmails } from './messages.schema.ts';

/** One e-mail ready to go: the delivery id makes its Message-ID, so a resend is recognisably the same. */
export type OutgoingEmail = {
  deliveryId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** For optional messages: where one click unsubscribes (RFC 8058). */
  unsubscribeUrl?: string;
};

export interface EmailProvider {
  readonly name: 'outbox' | 'smtp';
  send(mail: OutgoingEmail): Promise<void>;
}

/**
 * Codes and account notices must not cross the network in clear text: a plain smtp:// server must
 * upgrade with STARTTLS or the message is not sent. smtps:// is TLS from the start; a server on
 * this machine (a local relay, a test server) is trusted as it is.
 */
export function requiresStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'smtp:' && !local;
}

const messageIdOf = (mail: OutgoingEmail, config: Config) =>
  `<${mail.deliveryId}@${new URL(config.publicUrl).hostname}>`;

function smtpProvider(config: Config, smtpUrl: string): EmailProvider {
  // One pooled transport for the life of the app; bounded waits, so a dead mail server fails the
  // attempt (to be retried later) instead of holding a worker for minutes.
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Reuse a few connections: a morning's reminders must not open one SMTP session each.
    pool: true,
    maxConnections: 5,
    requireTLS: requiresStartTls(smtpUrl),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from: config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        // The same delivery sent twice (a crash between the server's "accepted" and our record of
        // it) carries the same Message-ID, which mail systems use to drop the copy.
        messageId: messageIdOf(mail, config),
        ...(mail.unsubscribeUrl
          ? {
              list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Unsubscribe' } },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    },
  };
}

/** Development: the e-mail is kept in outbox_emails, readable at /api/dev/outbox, and goes nowhere. */
function outboxProvider(db: Db): EmailProvider {
  return {
    name: 'outbox',
    async send(mail) {
      await db.insert(outboxEmails).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        sentAt: new Date(),
      });
    },
  };
}

export function createEmailProvider(config: Config, db: Db): EmailProvider {
  return config.mail.smtpUrl ? smtpProvider(config, config.mail.smtpUrl) : outboxProvider(db);
}
