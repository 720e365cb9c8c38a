/**
 * The Lagos calendar date of an instant, YYYY-MM-DD (en-CA writes dates that way): the contracts'
 * `lagosDateOf` for the plain-Node benches, which cannot import TypeScript (Node 20 does not strip
 * types); `bench/lib/bench-helpers.ts` and the TypeScript benches use the contracts' own.
 * @param {Date} instant
 * @returns {string}
 */
export const lagosDateOf = (instant) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(instant);
