import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --name <what_changed>` writes a new SQL migration into ./drizzle from
// the schema; the app applies them at start-up (src/server/db/migrate.ts). No database connection
// is needed to generate.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
