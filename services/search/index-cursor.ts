import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PlatformDb } from '../db/database';
import { covers, type StockPosition } from '../stock/stock-changes';

/**
 * Where a search index stands in the stock change log, and who may move it forward. The embedded
 * index lives in one process, so its cursor is a variable there. A Meilisearch index is shared by
 * every process (servers and `npm run search:sync`), so its cursor is a database row with a lease:
 * one writer at a time, because two writers could enqueue an older read of a car after a newer one
 * and leave the index wrong with nobody left to correct it.
 */
export interface IndexCursor {
  /** Whether other processes move this index too (then its position is read from the database). */
  readonly shared: boolean;
  /** The position the index reflects; undefined when it was never built (or built with other settings). */
  position(): Promise<StockPosition | undefined>;
  /**
   * Moves the index to `target`: unless it is there already (or `force`), runs `apply(from)` as
   * the only writer and records `target`. Answers the position the index is known to be at
   * afterwards: `target` or later, or the older stored one when another writer kept the lease
   * past this cursor's wait.
   */
  advance(
    target: StockPosition,
    apply: (from: StockPosition | undefined) => Promise<void>,
    options?: { force?: boolean },
  ): Promise<StockPosition | undefined>;
}

/** The cursor of an index only this process writes. The search service runs one refresh at a time. */
export class MemoryCursor implements IndexCursor {
  readonly shared = false;
  #position: StockPosition | undefined;

  async position(): Promise<StockPosition | undefined> {
    return this.#position;
  }

  async advance(
    target: StockPosition,
    apply: (from: StockPosition | undefined) => Promise<void>,
    options: { force?: boolean } = {},
  ): Promise<StockPosition | undefined> {
    const from = this.#position;
    if (from && !options.force && covers(from, target)) return from;
    await apply(options.force ? undefined : from);
    this.#position = target;
    return target;
  }
}

/** The search_index_state row (migration 016). */
export interface SearchIndexStateTable {
  index_uid: string;
  seq: number | null;
  import_id: number | null;
  settings: string | null;
  synced_at: string | null;
  holder: string | null;
  lease_until: string | null;
}

export interface SharedCursorOptions {
  /** Milliseconds clock (lease times); tests move it. */
  clock?: () => number;
  /** How long advance() waits for another writer's lease before answering the stored position. */
  waitMs?: number;
  /** How long a lease lasts unless renewed; a writer that dies frees the index after this. */
  leaseMs?: number;
  /** This writer's name in the row; default host, process id and a random part. */
  holder?: string;
}

/** A writer's lease lasts this long and is renewed every third of it while the writer works. */
export const LEASE_MS = 30_000;
/** A search waits at most this long for another process's sync before using the index as it is. */
export const LEASE_WAIT_MS = 2_000;
const LEASE_RETRY_MS = 50;

/**
 * The cursor of a shared index: the row `index_uid` of search_index_state. `settings` names the
 * index settings the position was reached with; a row reached with other settings reads as
 * "never built", so a deploy that changes the settings rebuilds the index once.
 */
export class SharedIndexCursor implements IndexCursor {
  readonly shared = true;
  readonly #db;
  readonly #clock: () => number;
  readonly #waitMs: number;
  readonly #leaseMs: number;
  readonly #holder: string;

  constructor(
    db: PlatformDb,
    private readonly indexUid: string,
    private readonly settings: string,
    options: SharedCursorOptions = {},
  ) {
    this.#db = db.withTables<{ search_index_state: SearchIndexStateTable }>();
    this.#clock = options.clock ?? Date.now;
    this.#waitMs = options.waitMs ?? LEASE_WAIT_MS;
    this.#leaseMs = options.leaseMs ?? LEASE_MS;
    this.#holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  async position(): Promise<StockPosition | undefined> {
    const row = await this.#db
      .selectFrom('search_index_state')
      .select(['seq', 'import_id', 'settings'])
      .where('index_uid', '=', this.indexUid)
      .executeTakeFirst();
    if (!row || row.seq === null || row.import_id === null || row.settings !== this.settings) return undefined;
    return { seq: row.seq, importId: row.import_id };
  }

  async advance(
    target: StockPosition,
    apply: (from: StockPosition | undefined) => Promise<void>,
    options: { force?: boolean } = {},
  ): Promise<StockPosition | undefined> {
    const deadline = this.#clock() + this.#waitMs;
    for (;;) {
      const stored = await this.position();
      if (stored && !options.force && covers(stored, target)) return stored;
      if (await this.#lease()) {
        const renew = setInterval(() => void this.#renew().catch(() => undefined), this.#leaseMs / 3);
        renew.unref();
        try {
          // Read again under the lease: the previous writer may have finished just now.
          const from = options.force ? undefined : await this.position();
          if (from && covers(from, target)) return from;
          await apply(from);
          await this.#db
            .updateTable('search_index_state')
            .set({
              seq: target.seq,
              import_id: target.importId,
              settings: this.settings,
              synced_at: new Date(this.#clock()).toISOString(),
            })
            .where('index_uid', '=', this.indexUid)
            .where('holder', '=', this.#holder)
            .execute();
          return target;
        } finally {
          clearInterval(renew);
          await this.#db
            .updateTable('search_index_state')
            .set({ holder: null, lease_until: null })
            .where('index_uid', '=', this.indexUid)
            .where('holder', '=', this.#holder)
            .execute();
        }
      }
      if (this.#clock() >= deadline) return stored;
      await sleep(LEASE_RETRY_MS);
    }
  }

  /** Extends a lease this writer still holds; never takes one back after release or expiry. */
  async #renew(): Promise<void> {
    await this.#db
      .updateTable('search_index_state')
      .set({ lease_until: new Date(this.#clock() + this.#leaseMs).toISOString() })
      .where('index_uid', '=', this.indexUid)
      .where('holder', '=', this.#holder)
      .execute();
  }

  /**
   * Takes the lease: one statement, so two processes racing for it cannot both win (the
   * row's lock orders them, and the loser's WHERE sees the winner's lease).
   */
  async #lease(): Promise<boolean> {
    const now = this.#clock();
    const row = await this.#db
      .insertInto('search_index_state')
      .values({
        index_uid: this.indexUid,
        seq: null,
        import_id: null,
        settings: null,
        synced_at: null,
        holder: this.#holder,
        lease_until: new Date(now + this.#leaseMs).toISOString(),
      })
      .onConflict((oc) =>
        oc
          .column('index_uid')
          .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), lease_until: eb.ref('excluded.lease_until') }))
          .where((eb) =>
            eb.or([
              eb('search_index_state.holder', 'is', null),
              eb('search_index_state.holder', '=', this.#holder),
              eb('search_index_state.lease_until', '<', new Date(now).toISOString()),
            ]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.#holder;
  }
}
