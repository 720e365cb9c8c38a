import { describeDurability } from './durability.ts';

describeDurability('postgres');
