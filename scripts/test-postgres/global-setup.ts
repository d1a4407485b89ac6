/**
 * Global setup of the `postgres` unit-test project: one throwaway PostgreSQL server for the run
 * (each test makes its own database on it: services/db/test-database.ts), stopped and removed at
 * the end. Without a PostgreSQL server on the machine this fails loudly: scripts/test.sh decides
 * beforehand whether the project runs at all, and says so when it does not.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../support/postgres-server';

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
