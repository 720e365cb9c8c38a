import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its own tables; drizzle-kit sees them all.
  schema: './src/modules/*/*.schema.ts',
  out: './src/db/migrations',
});
