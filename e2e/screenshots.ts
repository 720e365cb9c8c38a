import path from 'node:path';

/** `E2E_SCREENSHOTS=1` also saves what the journeys show, into docs/screenshots. */
export const SHOTS = process.env.E2E_SCREENSHOTS === '1';
export const shotPath = (name: string) => path.resolve(import.meta.dirname, '../docs/screenshots', name);
/** The sticky header would sit over full-page and element screenshots. */
export const STATIC_HEADER = 'header { position: static !important; }';
