import type { Room } from '@studynest/contracts';
import { describe, expect, it } from 'vitest';
import { roomsForBudget } from './room-order.ts';

const room = (room_number: string, price: number, status: Room['status'] = 'available') =>
  ({ _id: room_number, room_number, price, status }) as Room;

describe('roomsForBudget', () => {
  const rooms = [
    room('room 01', 2_970_000),
    room('room 02', 880_000, 'rented'),
    room('room 03', 1_555_000),
    room('room 04', 950_000),
    room('room 05', 380_000, 'booked'),
    room('room 06', 700_000),
  ];
  const order = (budget: number | null) => roomsForBudget(rooms, budget).map((r) => r.room_number);

  it('puts free rooms within the budget first, cheapest first, then free rooms above it, then taken ones', () => {
    expect(order(1_000_000)).toEqual(['room 06', 'room 04', 'room 03', 'room 01', 'room 05', 'room 02']);
  });

  it('keeps the hostel’s order without a budget', () => {
    expect(order(null)).toEqual(rooms.map((r) => r.room_number));
  });
});
