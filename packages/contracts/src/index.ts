export * from './bookings.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './hostels.ts';
export * from './payments.ts';
export * from './reviews.ts';
export * from './rooms.ts';
export * from './users.ts';
