/**
 * Global setup of the `postgres` unit-test project: one throwaway PostgreSQL server for the run
 * (each test makes its own database on it: services/db/test-database.ts), stopped and removed at
 * the end. Without a PostgreSQL server on the machine this fails loudly: scripts/test.sh decides
 * beforehand whether the project runs at all, and says so when it does not.
 */
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../services/db/database';
import { MIGRATED_TEMPLATE } from '../../services/db/test-database';
import { startPostgres } from '../support/postgres-server';

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgres();
  // One database migrated to the latest version, copied for every test that wants a migrated one
  // (CREATE DATABASE ... TEMPLATE): a copy takes a fraction of running every migration again.
  const template = openDatabase(server.createDatabase(MIGRATED_TEMPLATE));
  await migrateToLatest(template);
  await template.destroy();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
