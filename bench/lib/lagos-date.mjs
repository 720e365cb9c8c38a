/**
 * The Lagos calendar date of an instant, YYYY-MM-DD (en-CA writes dates that way).
 * @param {Date} instant
 * @returns {string}
 */
export const lagosDateOf = (instant) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(instant);
