// @ts-check
/**
 * The operator commands (`npm run <name>`), each a TypeScript file under scripts/. In a development
 * install they run from their source through tsx; `npm run build` also compiles them to .cli/ (scripts/cli/build.mjs),
 * so a production install (`npm ci --omit=dev`, no tsx) runs them too (scripts/cli/run.mjs).
 */
export const OPERATOR_COMMANDS = /** @type {const} */ ({
  import: 'scripts/import.ts',
  tenants: 'scripts/tenants.ts',
  leads: 'scripts/leads.ts',
  reservations: 'scripts/reservations.ts',
  studio: 'scripts/studio.ts',
  'search-sync': 'scripts/search-sync.ts',
  seed: 'scripts/seed-demo.ts',
  validate: 'scripts/validate.ts',
  migrate: 'scripts/migrate-tenants.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
});

/** Where `npm run build` puts the compiled commands. */
export const COMPILED_DIR = '.cli';
