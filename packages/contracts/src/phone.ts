import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import * as z from 'zod/mini';
import { NIGERIA_MOBILE_METADATA } from './phone-metadata.ts';

/**
 * Phone numbers (docs/domain.md, "Accounts"): a Nigerian mobile, checked with libphonenumber's
 * rules for Nigeria (its mobile metadata, cut to Nigeria by packages/contracts/scripts/phone-metadata.mjs) and kept in
 * one form, E.164: `+2348031234567`. One rule for the API, the web's forms and the stored numbers.
 */

/**
 * The number in E.164, from how people type it (0803 123 4567, 234 803…, +234 803…, 803 123 4567,
 * with spaces, dashes, dots or brackets), or null when it cannot be a Nigerian mobile: a landline,
 * a foreign number, too few or too many digits. Only a number: "0803… (MTN)" is refused.
 */
export function nigerianMobile(input: string): string | null {
  const parsed = parsePhoneNumberFromString(
    input,
    { defaultCountry: 'NG', extract: false },
    NIGERIA_MOBILE_METADATA,
  );
  return parsed?.country === 'NG' && parsed.isValid() ? parsed.number : null;
}

export const PHONE_REQUIRED_MESSAGE = 'Phone number is required';
export const PHONE_FOREIGN_MESSAGE =
  'Enter a Nigerian mobile number (+234…): we can only send texts to Nigerian mobiles';
export const PHONE_INVALID_MESSAGE =
  'Enter a Nigerian mobile number of 11 digits, like 0803 123 4567 or +234 803 123 4567';

/** Why a number was refused, in words that say what to type instead. */
function phoneProblem(input: string): string {
  if (!input) return PHONE_REQUIRED_MESSAGE;
  const compact = input.replace(/[\s().-]/g, '');
  if (/^(?:\+|00)(?!234)\d/.test(compact)) return PHONE_FOREIGN_MESSAGE;
  return PHONE_INVALID_MESSAGE;
}

const normalised = (allowEmpty: boolean) =>
  z.pipe(
    z.string({ error: PHONE_REQUIRED_MESSAGE }).check(z.trim()),
    z.transform((value: string, ctx) => {
      if (allowEmpty && value === '') return '';
      const e164 = nigerianMobile(value);
      if (e164) return e164;
      ctx.issues.push({ code: 'custom', message: phoneProblem(value), input: value });
      return z.NEVER;
    }),
  );

/** A Nigerian mobile number, required; the value is its E.164 form. */
export const phoneSchema = normalised(false);

/** A Nigerian mobile number or nothing (''); a number becomes its E.164 form. */
export const optionalPhoneSchema = normalised(true);
