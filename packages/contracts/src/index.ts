export * from './common.ts';
export * from './constants.ts';
export * from './hostels.ts';
export * from './rooms.ts';
export * from './users.ts';
