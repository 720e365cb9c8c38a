import { describe, expect, it } from 'vitest';
import { emailSchema } from './common.ts';
import { INSPECTION_SLOTS, ROOM_NUMBERS, ROOM_UNITS } from './constants.ts';
import { nairaSchema } from './naira.ts';
import { RoomCreateSchema } from './rooms.ts';
import { LoginSchema, PasswordSchema } from './users.ts';

describe('constants', () => {
  it('has the spec lists', () => {
    expect(ROOM_NUMBERS).toHaveLength(20);
    expect(ROOM_NUMBERS[0]).toBe('room 01');
    expect(ROOM_NUMBERS[19]).toBe('room 20');
    expect(INSPECTION_SLOTS).toHaveLength(6);
    expect(ROOM_UNITS).toHaveLength(5);
  });
});

describe('nairaSchema', () => {
  const fee = nairaSchema('Agent fee');
  it('accepts whole numbers and numeric strings', () => {
    expect(fee.parse(65000)).toBe(65000);
    expect(fee.parse('65000')).toBe(65000);
  });
  it('refuses fractions, negatives, blanks and words with a message naming the field', () => {
    for (const bad of [12.5, -1, '', 'ten', null]) {
      const r = fee.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/Agent fee/);
    }
  });
});

describe('emailSchema', () => {
  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('RoomCreateSchema', () => {
  it('normalises case of choices', () => {
    const r = RoomCreateSchema.parse({
      room_number: 'Room 03',
      unit: 'One Bedroom Flat',
      status: 'AVAILABLE',
      price: '650000',
      agent_fee: 65000,
      caution_fee: 50000,
      commission_fee: 0,
      hostel: '6f1c1d7e-3b7a-4c56-9d6e-1a2b3c4d5e6f',
    });
    expect(r).toMatchObject({
      room_number: 'room 03',
      unit: 'one bedroom flat',
      status: 'available',
      price: 650000,
    });
  });
});

describe('PasswordSchema', () => {
  it('refuses control characters in a new password, with a clear message; any printable text is fine', () => {
    for (const bad of [
      'correct\u0000horse',
      'tab\there1',
      'line\nbreak1',
      'delete\u007fme1',
      '\u001fhidden1',
    ]) {
      const r = PasswordSchema.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/control characters/);
    }
    for (const good of ['plantain river notebook', '  spaces kept  ', 'ẹ̀kọ́ ọ̀ṣun 2024', 'emoji 🔒🔑 key']) {
      expect(PasswordSchema.safeParse(good).success, good).toBe(true);
    }
    // Logging in is not choosing: a password set before this rule still gets through.
    expect(LoginSchema.safeParse({ email: 'a@example.com', password: 'old\tpassword' }).success).toBe(true);
  });
});
