// The demo module's public surface (docs/decisions/0020-boundaries.md): demo hostels and rooms for
// a new embedded database (SEED_DEMO), made through the owners' own functions.
export { seedDemoOnce } from './demo-data.ts';
