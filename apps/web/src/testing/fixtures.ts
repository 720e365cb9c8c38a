import type { Profile, RentPartStatus, RentPlanState } from '@studynest/contracts';

/*
 * The people, hostels, rooms and profiles the web's tests render, made once: each test changes only
 * what it is about.
 */

export const person = {
  _id: 'u1',
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@example.com',
  phone_number: '08031234567',
};

export const hostel = { _id: 'h1', hostel_name: 'Samaru Comfort Lodge', address: '12 Hanwa Road, Zaria' };

/** A room as payments and the profile show it: with every fee. */
export const room = {
  _id: 'r1',
  room_number: 'room 04',
  unit: 'one bedroom flat',
  agent_fee: 65_000,
  price: 650_000,
  caution_fee: 50_000,
  commission_fee: 10_000,
};

/** Who lives where, as the tenant list, the arrears and a move-out statement name a tenancy. */
export const placement = {
  user: person,
  hostel,
  room: { _id: room._id, room_number: room.room_number, unit: room.unit },
};

/** A student's profile with nothing paid and no tenancy. */
export const profile: Profile = {
  ...person,
  gender: 'female',
  role: 'student',
  isEmailConfirmed: true,
  created_at: '2026-01-01T00:00:00Z',
  emergency_contact: { name: '', relationship: '', phone: '', address: '' },
  hostel: null,
  agentFeePayment: null,
  roomPricePayment: null,
  cautionFeePayment: null,
  rentDetails: null,
  moveOutStatement: null,
  notify_email: true,
  notify_sms: true,
  marketing_email: false,
  marketing_sms: false,
};

/** A running tenancy's rent details (due 10 Jan 2027), renewal open unless `renewal` says otherwise. */
export const rentDetails = (
  over: Partial<NonNullable<Profile['rentDetails']>> = {},
): NonNullable<Profile['rentDetails']> => ({
  tenancy_id: 't1',
  condition: { status: 'not_recorded', confirmed_at: null },
  rentStartDate: '2026-01-10',
  rentDueDate: '2027-01-10',
  countdown: 45,
  notice: null,
  earliestMoveOut: '2026-12-26',
  renewal: { open: true, opens_on: '2026-11-11', message: null },
  plan: {
    plan: 'full',
    label: 'Full year at once',
    year_rent: 650_000,
    parts: [{ number: 1, amount: 650_000, due_on: '2026-01-10', paid: 650_000, status: 'paid' }],
    paid: 650_000,
    outstanding: 0,
    next: null,
    max_payable: 0,
  },
  ...over,
});

/** The agent fee paid for `room` in `hostel`: what gives a student her hostel (and room) on the profile. */
export const agentPaid: NonNullable<Profile['agentFeePayment']> = {
  status: 'success',
  payment_type: 'AGENT_FEE',
  amount: 65_000,
  reference: 'SN-AF-1',
  booking: { _id: 'b1', inspection_date_time: '2026-11-23_10:00am - 10:30am' },
  room,
  hostel,
  booking_status: 'confirmed',
  cancel_until: null,
};

/**
 * The `rentDetails` year (from 10 Jan 2026) on the 2-part plan, as the server reports it: part 1
 * (₦390,000) paid, part 2 (₦260,000, due 10 May 2026) with `part2.paid` of it paid; `next` carries
 * what is left of the part.
 */
export function twoPartsYear(part2: { paid?: number; status?: RentPartStatus } = {}): RentPlanState {
  const paid = part2.paid ?? 0;
  const left = 260_000 - paid;
  return {
    plan: 'two_parts',
    label: '2 parts: 60% at move-in, 40% within 4 months',
    year_rent: 650_000,
    parts: [
      { number: 1, amount: 390_000, due_on: '2026-01-10', paid: 390_000, status: 'paid' },
      {
        number: 2,
        amount: 260_000,
        due_on: '2026-05-10',
        paid,
        status: part2.status ?? (left ? 'due' : 'paid'),
      },
    ],
    paid: 390_000 + paid,
    outstanding: left,
    next: left ? { number: 2, amount: left, due_on: '2026-05-10' } : null,
    max_payable: left,
  };
}
