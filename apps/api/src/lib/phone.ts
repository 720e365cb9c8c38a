import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * A Nigerian mobile number in E.164 (+2348031234567), from how people type it (0803 123 4567,
 * 234803…, +234803…), or null when it cannot be one. The mobile-only metadata refuses landlines,
 * which cannot take an SMS.
 */
export function nigerianMobile(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, 'NG');
  return parsed?.isValid() && parsed.country === 'NG' ? parsed.number : null;
}
