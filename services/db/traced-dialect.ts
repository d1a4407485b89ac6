/**
 * A Kysely dialect that records a span for each query (issue 35's traces), around another dialect. Used
 * by openDatabase only when tracing is on (services/tracing), so the query path is untouched otherwise.
 * The span carries the statement's SQL with its placeholders, never the values bound to them.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { traced } from '../tracing';

/** The longest statement text a span keeps. */
const SQL_CHARS = 2_000;

class TracedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly system: string,
  ) {}

  executeQuery<R>(
    query: CompiledQuery,
    options?: Parameters<DatabaseConnection['executeQuery']>[1],
  ): Promise<QueryResult<R>> {
    const operation = /^\s*(\w+)/.exec(query.sql)?.[1]?.toUpperCase() ?? 'QUERY';
    return traced(
      operation,
      { 'db.system.name': this.system, 'db.operation.name': operation, 'db.query.text': query.sql.slice(0, SQL_CHARS) },
      () => this.inner.executeQuery<R>(query, options),
      'client',
    );
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection['streamQuery']>[2],
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof TracedConnection ? connection.inner : connection;
}

class TracedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly system: string,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TracedConnection(await this.inner.acquireConnection(), this.system);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this database driver');
    return this.inner.savepoint(unwrap(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this database driver');
    return this.inner.rollbackToSavepoint(unwrap(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this database driver');
    return this.inner.releaseSavepoint(unwrap(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

export class TracedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly system: 'sqlite' | 'postgresql',
  ) {}

  createDriver(): Driver {
    return new TracedDriver(this.inner.createDriver(), this.system);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
