import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Photo } from '@studynest/contracts';
import type { Config } from '../../config/env.ts';
import { derivedKey } from '../../lib/derived-key.ts';
import { type PhotoFiles, toPhoto } from '../../storage/photos.ts';

/**
 * Links to the photos of a tenant's room (docs/security.md, "Photos of a tenant's room"). The files
 * are in the private storage, which nothing serves; GET /api/condition-photos/{file} hands one out
 * when its link carries an unexpired signature. Links are made only for a caller the API has just
 * checked (the tenant of that tenancy, or an admin), or for the tenant's own move-out e-mail: an
 * <img> or a link in a mail client carries no Bearer token, so the signature is what lets it open.
 */

export const CONDITION_FOLDER = 'condition';
/** Links in an answer: long enough for a screen left open, short enough that a copied one dies. */
export const ANSWER_LINK_SECONDS = 60 * 60;
/** Links in the move-out e-mail: the time a tenant may take to dispute a deduction. */
export const EMAIL_LINK_SECONDS = 90 * 24 * 60 * 60;

/** `<uuid>.jpg` or `<uuid>-<width>.webp`: the files the image pipeline writes for one photo. */
export const CONDITION_FILE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.jpg|-\d{1,5}\.webp)$/;

const signatureOf = (config: Pick<Config, 'jwtSecret'>, file: string, expires: number) =>
  createHmac('sha256', derivedKey(config.jwtSecret, 'condition photo links'))
    .update(`${file}:${expires}`)
    .digest('base64url');

/** A signed absolute link to one stored file (`condition/<file>`), valid for `seconds`. */
function signedUrl(
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
  key: string,
  seconds: number,
  now: number,
) {
  const file = key.slice(CONDITION_FOLDER.length + 1);
  const expires = Math.floor(now / 1000) + seconds;
  const base = config.publicUrl.replace(/\/+$/, '');
  return `${base}/api/condition-photos/${file}?expires=${expires}&sig=${signatureOf(config, file, expires)}`;
}

/** The photo as the API shows it, every size's link signed for `seconds`. */
export function signedConditionPhoto(
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
  img: PhotoFiles,
  seconds = ANSWER_LINK_SECONDS,
  now = Date.now(),
): Photo {
  return toPhoto({ url: (key) => signedUrl(config, key, seconds, now) }, img);
}

/** Whether a link's signature is this server's for that file and has not expired. */
export function validConditionLink(
  config: Pick<Config, 'jwtSecret'>,
  file: string,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!CONDITION_FILE.test(file) || !Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signatureOf(config, file, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
