import { setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  IdentifierNode,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
  createQueryId,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect for better-sqlite3 in which a database locked by another process never blocks
 * the event loop (issue 14).
 *
 * better-sqlite3 is synchronous: with SQLite's busy_timeout, a statement that meets another
 * process's write lock sleeps inside the native call, and the whole server (every request, every
 * timer) stops with it. Here busy_timeout is 0, so a locked database answers SQLITE_BUSY at once,
 * and the statement is tried again after an asynchronous pause (2 ms doubling to 50 ms, with
 * jitter so that two processes polling each other do not fall into step) until `busyDeadlineMs`,
 * when it fails with a {@link DatabaseBusyError}. While a statement outside a transaction waits,
 * the connection is handed to the next query of this process, so reads (which WAL never blocks)
 * answer at once instead of queueing behind a write that is waiting for someone else's lock.
 *
 * Transactions begin with BEGIN IMMEDIATE, which takes the write lock up front: the wait happens
 * at BEGIN, where it can be retried, and never at a transaction's first write after a read. There,
 * a deferred transaction would fail half-way with SQLITE_BUSY (or SQLITE_BUSY_SNAPSHOT in WAL,
 * when another process wrote since its read), and SQLite says such a statement must not be
 * retried inside the transaction. A transaction marked `read only` begins deferred: it never
 * writes, so it never upgrades, and it need not wait for writers at all.
 *
 * Only SQLITE_BUSY and its extended codes are retried. SQLITE_LOCKED is not: with better-sqlite3's
 * private cache it comes from a conflict inside this same connection (a table dropped while a
 * statement reads it), which waiting cannot resolve.
 */
export class NonBlockingSqliteDialect extends SqliteDialect {
  readonly #options: NonBlockingSqliteOptions;

  constructor(options: NonBlockingSqliteOptions) {
    super({ database: options.database });
    this.#options = options;
  }

  override createDriver(): Driver {
    return new NonBlockingSqliteDriver(this.#options);
  }

  override createAdapter(): SqliteAdapter {
    return new LeasingSqliteAdapter();
  }
}

/**
 * Kysely (0.29+) puts its own mutex around every connection of an adapter that says SQLite has one
 * connection, held from acquire to release. The driver here has its own, which a statement waiting
 * for another process's lock lets go of so that this process's other queries run meanwhile; Kysely's
 * would keep them all waiting behind it (a read stuck behind a locked write, and two databases in one
 * process deadlocked until the busy deadline). Every lease still takes the driver's mutex, so the
 * one connection is never used by two at once.
 */
class LeasingSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export interface NonBlockingSqliteOptions {
  database: SQLite.Database;
  /** PRAGMA statements run once before the first query (`journal_mode = WAL`: changing it needs the lock, so it waits like any statement). */
  pragmas?: readonly string[];
  /** How long a statement may wait for another process's lock before failing; default 10 s. */
  busyDeadlineMs?: number;
}

export const DEFAULT_BUSY_DEADLINE_MS = 10_000;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

/** The database stayed locked by another process for longer than the busy deadline. */
export class DatabaseBusyError extends Error {
  /** Same code as SQLite's own error, so callers that already test for it keep working. */
  readonly code = 'SQLITE_BUSY';

  constructor(waitedMs: number, sqlText: string, cause: unknown) {
    const statement = sqlText.replace(/\s+/g, ' ').trim();
    super(
      `the database is busy (locked by another process) and was still locked after ${(waitedMs / 1000).toFixed(1)} s, so this statement gave up: ` +
        `${statement.length > 80 ? `${statement.slice(0, 80)}...` : statement}. Another process holds a long write transaction (an import, a backup, a sqlite3 shell?); try again when it has finished.`,
      { cause },
    );
    this.name = 'DatabaseBusyError';
  }
}

function isBusy(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Waiters get the connection in the order they asked: a long run of short transactions from one
 * caller (an import) then cannot starve a single write from another (a lead being posted).
 */
class FifoMutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    // Handing over without marking the mutex free, so a caller arriving now cannot jump the queue.
    if (next) next();
    else this.#locked = false;
  }
}

/**
 * The pauses between tries of one statement: 2 ms doubling to 50 ms, with jitter, until the
 * deadline, when the statement fails with a DatabaseBusyError.
 */
class Backoff {
  readonly #started = performance.now();
  #next = FIRST_PAUSE_MS;

  constructor(
    private readonly sqlText: string,
    private readonly deadlineMs: number,
  ) {}

  /** How long to pause after `error`; rethrows it when it is not SQLITE_BUSY, throws DatabaseBusyError past the deadline. */
  pauseAfter(error: unknown): number {
    if (!isBusy(error)) throw error;
    const waited = performance.now() - this.#started;
    if (waited >= this.deadlineMs) throw new DatabaseBusyError(waited, this.sqlText, error);
    const pause = Math.min(this.#next * (0.5 + Math.random() / 2), this.deadlineMs - waited);
    this.#next = Math.min(this.#next * 2, LONGEST_PAUSE_MS);
    return pause;
  }
}

function runStatement<R>(db: SQLite.Database, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = db.prepare<unknown[], R>(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * One use of the single SQLite connection, from acquireConnection to releaseConnection. It may
 * give the connection up while a statement waits for another process's lock; every statement
 * first takes it back, so nothing ever runs on the connection while another lease holds it.
 */
class Lease implements DatabaseConnection {
  #held = true;
  #retaking: Promise<void> | undefined;

  constructor(
    private readonly db: SQLite.Database,
    private readonly mutex: FifoMutex,
    private readonly deadlineMs: number,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.run(compiledQuery.sql, () => runStatement<R>(this.db, compiledQuery), 'statement');
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    // A lock shows on the first step, so that is the part retried; later rows come from the same read snapshot.
    const start = () => {
      const rows = this.db.prepare<unknown[], R>(compiledQuery.sql).iterate(compiledQuery.parameters);
      return { rows, first: rows.next() };
    };
    const { rows, first } = await this.run(compiledQuery.sql, start, 'statement');
    if (first.done) return;
    yield { rows: [first.value] };
    for (const row of rows) yield { rows: [row] };
  }

  /**
   * Runs `attempt` on the connection, trying again after a pause while the database is locked.
   * A `statement` outside a transaction (BEGIN included) lets the connection go while it pauses;
   * inside one it is not retried, as SQLite wants a BUSY statement's transaction rolled back. A
   * `commit` answered BUSY leaves the transaction open and may be retried (SQLite's own advice); the
   * connection stays held meanwhile, or another query would run inside this transaction.
   */
  async run<T>(sqlText: string, attempt: () => T, kind: 'statement' | 'commit'): Promise<T> {
    const backoff = new Backoff(sqlText, this.deadlineMs);
    for (;;) {
      // Checked again after every wait, in the same synchronous step as the attempt: another
      // statement of this lease may have let the connection go while this one was waiting.
      while (!this.#held) await this.#hold();
      const retryable = kind === 'commit' || !this.db.inTransaction;
      try {
        return attempt();
      } catch (error) {
        if (!retryable) throw error;
        const pause = backoff.pauseAfter(error);
        if (kind === 'statement') this.#letGo();
        await sleep(pause);
      }
    }
  }

  async release(): Promise<void> {
    await this.#retaking;
    if (!this.#held) return;
    this.#held = false;
    this.mutex.unlock();
  }

  #letGo(): void {
    if (!this.#held) return;
    this.#held = false;
    this.mutex.unlock();
  }

  #hold(): Promise<void> {
    if (this.#held) return Promise.resolve();
    this.#retaking ??= this.mutex.lock().then(() => {
      this.#held = true;
      this.#retaking = undefined;
    });
    return this.#retaking;
  }
}

class NonBlockingSqliteDriver implements Driver {
  readonly #mutex = new FifoMutex();
  readonly #db: SQLite.Database;
  readonly #options: NonBlockingSqliteOptions;
  readonly #deadlineMs: number;

  constructor(options: NonBlockingSqliteOptions) {
    this.#db = options.database;
    this.#options = options;
    this.#deadlineMs = options.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS;
  }

  async init(): Promise<void> {
    // better-sqlite3 opens with a 5 s busy timeout by default; the waiting is ours, asynchronously.
    this.#db.pragma('busy_timeout = 0');
    // Nothing else can use the connection before init has finished, so there is nothing to let go.
    for (const pragma of this.#options.pragmas ?? []) {
      const backoff = new Backoff(`PRAGMA ${pragma}`, this.#deadlineMs);
      for (;;) {
        try {
          this.#db.pragma(pragma);
          break;
        } catch (error) {
          await sleep(backoff.pauseAfter(error));
        }
      }
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new Lease(this.#db, this.#mutex, this.#deadlineMs);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.accessMode === 'read only' ? 'begin deferred' : 'begin immediate';
    await lease(connection).run(begin, () => this.#db.exec(begin), 'statement');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await lease(connection).run('commit', () => this.#db.exec('commit'), 'commit');
  }

  async rollbackTransaction(): Promise<void> {
    // Some errors (SQLITE_FULL, SQLITE_IOERR...) have already rolled the transaction back, and a
    // second ROLLBACK would hide the original error behind "no transaction is active".
    if (this.#db.inTransaction) this.#db.exec('rollback');
  }

  async savepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('savepoint', savepointName), createQueryId()));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('rollback to', savepointName), createQueryId()));
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('release', savepointName), createQueryId()));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await lease(connection).release();
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }
}

function lease(connection: DatabaseConnection): Lease {
  if (!(connection instanceof Lease))
    throw new Error('NonBlockingSqliteDriver was handed a connection it did not create');
  return connection;
}

/** The same node Kysely's own SqliteDriver builds, so the savepoint name is quoted as an identifier. */
function savepointCommand(command: string, savepointName: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(savepointName)]);
}
