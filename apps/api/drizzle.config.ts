import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema/ into drizzle/ (committed, applied at start).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
