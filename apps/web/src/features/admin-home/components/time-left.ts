const HOUR_MS = 60 * 60 * 1000;

/** Whole hours under two days, whole days beyond: what a manager needs to rank the day's work. */
function span(ms: number): string {
  const hours = Math.max(1, Math.floor(ms / HOUR_MS));
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

/** A repair's promise against now: "5 h left", "3 days left", or "overdue by 2 days". */
export function timeLeft(dueBy: string, now: number = Date.now()): { text: string; overdue: boolean } {
  const ms = Date.parse(dueBy) - now;
  return ms >= 0
    ? { text: `${span(ms)} left`, overdue: false }
    : { text: `overdue by ${span(-ms)}`, overdue: true };
}
