import type { Room } from '@studynest/contracts';

/**
 * The rooms in the order a student with `budget` (her search's rent ceiling) wants them: free rooms
 * within it first, then free rooms above it, then the taken ones; cheapest first within each.
 * Without a budget, the hostel's own order.
 */
export function roomsForBudget(rooms: Room[], budget: number | null): Room[] {
  if (budget === null) return rooms;
  const rank = (r: Room) => (r.status === 'available' ? 0 : 2) + (r.price <= budget ? 0 : 1);
  return [...rooms].sort((a, b) => rank(a) - rank(b) || a.price - b.price);
}
