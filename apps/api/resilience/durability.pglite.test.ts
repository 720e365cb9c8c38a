import { describeDurability } from './durability.ts';

describeDurability('pglite');
