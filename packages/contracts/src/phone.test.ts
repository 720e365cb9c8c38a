import fc from 'fast-check';
import allMobileMetadata from 'libphonenumber-js/metadata.mobile.json' with { type: 'json' };
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import {
  nigerianMobile,
  optionalPhoneSchema,
  PHONE_FOREIGN_MESSAGE,
  PHONE_INVALID_MESSAGE,
  PHONE_REQUIRED_MESSAGE,
  phoneSchema,
} from './phone.ts';
import { NIGERIA_MOBILE_METADATA } from './phone-metadata.ts';

/** libphonenumber-js with its whole mobile metadata: what our Nigeria-only cut must agree with. */
function withAllCountries(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: 'NG', extract: false });
  return parsed?.country === 'NG' && parsed.isValid() ? parsed.number : null;
}

const messageOf = (input: unknown) => phoneSchema.safeParse(input).error?.issues[0]?.message;

describe('Nigerian mobile numbers', () => {
  it.each([
    ['08031234567'],
    ['0803 123 4567'],
    ['0803-123-4567'],
    ['(0803) 123 4567'],
    ['803 123 4567'],
    ['2348031234567'],
    ['234 803 123 4567'],
    ['+2348031234567'],
    ['+234 803 123 4567'],
    ['+234 (0) 803 123 4567'],
    ['  0803 123 4567  '],
  ])('reads %j as +2348031234567', (typed) => {
    expect(nigerianMobile(typed.trim())).toBe('+2348031234567');
    expect(phoneSchema.parse(typed)).toBe('+2348031234567');
  });

  it('knows the networks’ ranges, not only a shape of digits', () => {
    expect(phoneSchema.parse('0702 012 3456')).toBe('+2347020123456');
    expect(phoneSchema.parse('0916 123 4567')).toBe('+2349161234567');
    expect(phoneSchema.parse('0701 234 5678')).toBe('+2347012345678');
    // Shaped like mobiles, but no network has them: toll-free, and a 0919 range not given out.
    expect(nigerianMobile('0800 000 0000')).toBeNull();
    expect(nigerianMobile('0919 123 4567')).toBeNull();
  });

  it.each([
    ['', PHONE_REQUIRED_MESSAGE],
    ['   ', PHONE_REQUIRED_MESSAGE],
    ['12345', PHONE_INVALID_MESSAGE],
    ['0803 123 456', PHONE_INVALID_MESSAGE],
    ['0803 123 45678', PHONE_INVALID_MESSAGE],
    ['01 234 5678', PHONE_INVALID_MESSAGE], // a Lagos landline: it cannot take a text
    ['0803 123 4567 (MTN)', PHONE_INVALID_MESSAGE],
    ['+44 20 7123 4567', PHONE_FOREIGN_MESSAGE],
    ['+1 212 555 0100', PHONE_FOREIGN_MESSAGE],
  ])('refuses %j, saying what to type instead', (typed, message) => {
    expect(messageOf(typed)).toBe(message);
  });

  it('refuses what is not text with the required message', () => {
    expect(messageOf(undefined)).toBe(PHONE_REQUIRED_MESSAGE);
    expect(messageOf(8031234567)).toBe(PHONE_REQUIRED_MESSAGE);
  });

  it('lets an optional number (an emergency contact) be left empty', () => {
    expect(optionalPhoneSchema.parse('')).toBe('');
    expect(optionalPhoneSchema.parse('  ')).toBe('');
    expect(optionalPhoneSchema.parse('0803 123 4567')).toBe('+2348031234567');
    expect(optionalPhoneSchema.safeParse('01 234 5678').success).toBe(false);
  });

  it('is idempotent: the stored form reads as itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0[789][01]\d{8}$/), (typed) => {
        const stored = nigerianMobile(typed);
        if (stored) expect(nigerianMobile(stored)).toBe(stored);
      }),
    );
  });

  it('agrees with libphonenumber-js and its whole mobile metadata on anything typed', () => {
    const typed = fc.oneof(
      fc.stringMatching(/^(?:\+?234|0|)[ -]?[0-9]{3}[ -]?[0-9]{3}[ -]?[0-9]{3,5}$/),
      fc.stringMatching(/^\+?[0-9 ()-]{0,16}$/),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(typed, (input) => {
        expect(nigerianMobile(input)).toBe(withAllCountries(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('carries the installed libphonenumber-js metadata for Nigeria (else: npm run phone-metadata -w packages/contracts)', () => {
    expect(NIGERIA_MOBILE_METADATA).toEqual({
      version: allMobileMetadata.version,
      country_calling_codes: { 234: ['NG'] },
      countries: { NG: allMobileMetadata.countries.NG },
      nonGeographic: {},
    });
  });
});
