// The schemas that carry a phone number and the phone rule bring libphonenumber's code: their
// values are imported from '@studynest/contracts/account-details' and '/phone', so a screen that
// loads this barrel does not download it (bench/bundle-size.mjs). Their types are free.
export type { ProfileUpdate, ProfileUpdateInput, Signup, SignupInput } from './account-details.ts';
export * from './account-security.ts';
export * from './admin-messages.ts';
export * from './agreements.ts';
export * from './audit.ts';
export * from './audit-kinds.ts';
export * from './bookings.ts';
export * from './calendar.ts';
export * from './common.ts';
export * from './condition.ts';
export * from './condition-constants.ts';
export * from './consent.ts';
export * from './constants.ts';
export * from './data-exports.ts';
export * from './format.ts';
export * from './hostel-review-limits.ts';
export * from './hostel-reviews.ts';
export * from './hostels.ts';
export * from './maintenance.ts';
export * from './money.ts';
export * from './naira.ts';
export * from './payments.ts';
export * from './places.ts';
export * from './profile.ts';
export * from './reconciliation.ts';
export * from './rent-plans.ts';
export * from './reports.ts';
export * from './reviews.ts';
export * from './rooms.ts';
export * from './settings.ts';
export * from './tenancies.ts';
export * from './transfers.ts';
export * from './users.ts';
