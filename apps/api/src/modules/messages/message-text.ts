import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageChannel, MessageList } from '@studynest/contracts';
import { COMPANY } from '@studynest/contracts';
import type { Config } from '../../config/env.ts';
import { derivedKey } from '../../lib/derived-key.ts';

/**
 * One-time codes must not outlive the message that carries them: not in logs, and not in the
 * stored copy once it has gone out. Digit runs of 4 to 8 are masked.
 */
export const maskCodes = (text: string) => text.replace(/\b\d{4,8}\b/g, '••••');

/** Who sends every e-mail, at its foot; optional messages also say how to stop them. */
export function emailFooter(unsubscribeUrl?: string): string {
  const who = `${COMPANY.name}\n${COMPANY.postalAddress}`;
  return unsubscribeUrl
    ? `\n\n--\n${who}\nDon't want these e-mails? Unsubscribe: ${unsubscribeUrl}`
    : `\n\n--\n${who}`;
}

const unsubscribeMac = (config: Config, userId: string, channel: MessageChannel, list: MessageList) =>
  createHmac('sha256', derivedKey(config.jwtSecret, 'unsubscribe'))
    // Service links keep the form they always had, so links in e-mails already sent still work.
    .update(list === 'service' ? `${userId}:${channel}` : `${userId}:${channel}:${list}`)
    .digest('base64url')
    .slice(0, 32);

/**
 * A token that turns off one person's optional messages of one list on one channel, without
 * logging in: `<user>.<channel>.<mac>` for service messages, `<user>.<channel>.news.<mac>` for
 * news and offers.
 */
export const unsubscribeToken = (
  config: Config,
  userId: string,
  channel: MessageChannel,
  list: MessageList = 'service',
) =>
  list === 'service'
    ? `${userId}.${channel}.${unsubscribeMac(config, userId, channel, list)}`
    : `${userId}.${channel}.news.${unsubscribeMac(config, userId, channel, list)}`;

/** The person, channel and list a token was made for, or null for a token we did not make. */
export function readUnsubscribeToken(
  config: Config,
  token: string,
): { userId: string; channel: MessageChannel; list: MessageList } | null {
  const parts = token.split('.');
  const [userId = '', channel = ''] = parts;
  if (parts.length === 4 && parts[2] !== 'news') return null;
  if (parts.length !== 3 && parts.length !== 4) return null;
  const list: MessageList = parts.length === 4 ? 'marketing' : 'service';
  const mac = parts.at(-1) ?? '';
  if (channel !== 'email' && channel !== 'sms') return null;
  if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
  const expected = Buffer.from(unsubscribeMac(config, userId, channel, list));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId, channel, list }
    : null;
}
