import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type QueryExecutorProvider } from 'kysely';

/** A database, a transaction or a migration's handle: anything that runs queries. */
type Db = QueryExecutorProvider;

/**
 * What differs between the two databases, in one place. The platform's SQL is written once with
 * Kysely's builders; these are the few spots where SQLite and PostgreSQL need different words.
 */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * An id the database numbers itself. SQLite: `integer primary key autoincrement` (never reuses an
 * id, even after a delete). PostgreSQL has no AUTOINCREMENT keyword: `serial` (a sequence, which
 * never reuses an id either).
 */
export function autoIdType(db: Db): 'integer' | 'serial' {
  return isPostgres(db) ? 'serial' : 'integer';
}

export function autoId(db: Db): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db) ? (c) => c.primaryKey() : (c) => c.primaryKey().autoIncrement();
}

/**
 * A floating-point number (prices, deposits). SQLite's REAL is an 8-byte double; PostgreSQL's
 * `real` is a 4-byte float that rounds $45,990.95 to 45991, so PostgreSQL uses `double precision`.
 */
export function doubleType(db: Db): 'real' | 'double precision' {
  return isPostgres(db) ? 'double precision' : 'real';
}

/**
 * A 64-bit whole number (epoch seconds or milliseconds). SQLite's INTEGER is already 64-bit;
 * PostgreSQL's `integer` is 32-bit, so it needs `bigint` (read back as a number: see database.ts).
 */
export function bigintType(db: Db): 'integer' | 'bigint' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/**
 * Serialises this transaction with every other transaction that names one of the same keys, until
 * it ends. SQLite needs nothing: the platform begins every write transaction with BEGIN IMMEDIATE,
 * so one writes at a time. PostgreSQL runs transactions side by side (READ COMMITTED), so a
 * read-then-write (is there a lead for this key? how many posts from this address?) could
 * interleave with another process's; a transaction-scoped advisory lock per key restores the one-
 * at-a-time order for exactly the rows that need it, and leaves everything else concurrent.
 * Keys are taken in sorted order, so two transactions naming the same keys never deadlock.
 */
export async function serialize(trx: Db, ...keys: readonly (string | number)[]): Promise<void> {
  if (!isPostgres(trx)) return;
  const names = [...new Set(keys.map(String))].sort();
  for (const name of names) await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

/** A unique index refused the row (SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
