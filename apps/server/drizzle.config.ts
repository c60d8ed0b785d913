import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables: one file per module or more, each table owned by one module.
  schema: './src/modules/*/*.tables.ts',
  out: './drizzle',
});
