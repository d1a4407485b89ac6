import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { Lead } from './types';

/**
 * Sends one lead to one destination; throws with a readable reason when it could not. `signal`
 * aborts when the outbox gives up on the attempt, so a transport that can cancel its I/O does.
 * A failure that sending again cannot fix is thrown as a {@link PermanentDeliveryError}.
 */
export interface LeadTransport {
  send(destination: ResolvedLeadDestination, lead: Lead, signal: AbortSignal): Promise<void>;
}

/**
 * The destination refused the lead in a way that trying again cannot change (a webhook answering
 * 404, a mail relay saying the mailbox does not exist). The outbox gives up on the delivery at once
 * instead of retrying it for a day: it is listed by `npm run leads` and sent again with --retry
 * once someone has fixed the cause.
 */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}

export interface OutboxDeps {
  db: PlatformDb;
  transport: LeadTransport;
  /** The lead as the delivery formats need it (site name, car, dealership). */
  loadLead(leadId: number): Promise<Lead | undefined>;
  now(): Date;
  /** Pauses between tries at recording a send (RECORD_RETRY_DELAYS_MS); a timer unless a test passes its own. */
  wait?(ms: number): Promise<void>;
  /** True once the process is shutting down: the run claims no further delivery (the one being sent finishes). */
  stopping?(): boolean;
}

/** First retry after 30 s, doubling, at most an hour apart. */
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 3_600_000;
/**
 * After this many failed attempts a delivery is given up on (status 'dead'). The waits between
 * them are 30 s, 1, 2, 4, 8, 16 and 32 min (63.5 min in all), then an hour each: the 31st attempt
 * comes about 24 hours after the first, so a destination that is down for most of a day still gets
 * the lead, and one that is gone for good stops being tried and shows up in `npm run leads`.
 */
export const MAX_ATTEMPTS = 31;
/**
 * The most one attempt (loading the lead and sending it) may take. A hung relay or endpoint then
 * costs one failed attempt instead of stalling the worker and every lead queued behind it. The
 * transports' own timeouts are shorter, so their more precise error is normally what is recorded.
 */
export const SEND_DEADLINE_MS = 30_000;
/**
 * Waits before each further try at recording a send that succeeded. A lost UPDATE is usually a
 * brief lock or connection blip, and sending again would give the dealer the lead twice.
 */
export const RECORD_RETRY_DELAYS_MS: readonly number[] = [250, 1_000, 4_000];
/** Room for the recording UPDATEs themselves (each may wait seconds on another process's lock) and a busy event loop. */
const CLAIM_MARGIN_MS = 60_000;
/**
 * A claimed delivery another worker may take over after this long (the first worker died). It must
 * outlast the longest attempt plus its recording, or a slow send would be taken over and sent twice.
 */
export const CLAIM_MS = SEND_DEADLINE_MS + RECORD_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) + CLAIM_MARGIN_MS;
/**
 * How far ahead the claim of a sent-but-unrecorded delivery is pushed, renewed on every run of
 * this process. Only if the process stops before it can record the send does another worker send
 * it again, and then not before this hold ends.
 */
export const UNRECORDED_HOLD_MS = LONGEST_RETRY_MS;

/** The wait after a delivery's `attempts`-th failed attempt before the next one. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxRun {
  delivered: number;
  /** Failed attempts that will be tried again later. */
  failed: number;
  /** Deliveries given up on in this run (a permanent failure, or the last of MAX_ATTEMPTS). */
  dead: number;
  /** Sent, but the database would not take the record of it yet: held by this process, never re-sent. */
  unrecorded: number;
}

interface SentDelivery {
  leadId: number;
  attempts: number;
  deliveredAt: string;
}

/**
 * Sends this process made that the database has not recorded yet, per database. Only this process
 * knows they were sent, so only it can record them; the held claim keeps other workers off them.
 */
const unrecordedSends = new WeakMap<PlatformDb, Map<number, SentDelivery>>();

function unrecordedOf(db: PlatformDb): Map<number, SentDelivery> {
  let sends = unrecordedSends.get(db);
  if (!sends) {
    sends = new Map();
    unrecordedSends.set(db, sends);
  }
  return sends;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs one attempt with a deadline. Racing a timer (rather than trusting each transport) is what
 * bounds the attempt, whatever the transport does; the signal lets the transport stop its I/O too.
 */
async function withinDeadline(ms: number, attempt: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`the delivery did not finish within ${ms / 1000} s`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    await Promise.race([attempt(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function markDelivered(db: PlatformDb, id: number, sent: SentDelivery): Promise<void> {
  await db
    .updateTable('lead_deliveries')
    .set({
      status: 'delivered',
      attempts: sent.attempts,
      delivered_at: sent.deliveredAt,
      locked_until: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Records a successful send, trying again after each of RECORD_RETRY_DELAYS_MS; false when it never took. */
async function recordDelivered(deps: OutboxDeps, id: number, sent: SentDelivery): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await markDelivered(deps.db, id, sent);
      return true;
    } catch (error) {
      const delay = RECORD_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        console.error(
          `Lead ${sent.leadId} delivery ${id} was sent but could not be recorded as delivered: ${errorText(error)}`,
        );
        return false;
      }
      await (deps.wait ?? sleep)(delay);
    }
  }
}

/** Pushes the claim of a sent delivery ahead, so no worker sends it again while it waits to be recorded. */
async function holdClaim(deps: OutboxDeps, id: number, sent: SentDelivery): Promise<void> {
  const until = new Date(deps.now().getTime() + UNRECORDED_HOLD_MS).toISOString();
  try {
    await deps.db
      .updateTable('lead_deliveries')
      .set({ locked_until: until })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    console.error(
      `LEAD SENT BUT NOT RECORDED: lead ${sent.leadId} delivery ${id} was sent at ${sent.deliveredAt}; this process keeps trying to record it and holds it until ${until}. If this process stops first, it will be sent again after that.`,
    );
  } catch (error) {
    console.error(
      `LEAD SENT BUT NOT RECORDED: lead ${sent.leadId} delivery ${id} was sent at ${sent.deliveredAt}, and its claim could not be extended either (${errorText(error)}). This process will not send it again and keeps trying to record it; another worker may send it again once the claim lapses.`,
    );
  }
}

/** Tries again to record the sends this process could not record before; those still refused stay held. */
async function recordHeldSends(deps: OutboxDeps, run: OutboxRun): Promise<void> {
  const held = unrecordedOf(deps.db);
  for (const [id, sent] of held) {
    try {
      await markDelivered(deps.db, id, sent);
      held.delete(id);
      console.warn(`Lead ${sent.leadId} delivery ${id}, sent at ${sent.deliveredAt}, is now recorded as delivered.`);
      run.delivered++;
    } catch {
      await holdClaim(deps, id, sent);
      run.unrecorded++;
    }
  }
}

interface Claimed {
  id: number;
  lead_id: number;
  destination: string;
  kind: string;
  attempts: number;
  /** This claim's expiry: only its holder may record a failure against it. */
  locked_until: string | null;
}

/**
 * Claims the next delivery due by `dueBy` that nobody holds, in one statement, so two workers can
 * never both claim it. On PostgreSQL the row is picked FOR UPDATE SKIP LOCKED: workers of several
 * processes claiming at the same moment each get a different row, none waits for another's claim,
 * and a row another worker claimed a moment ago is re-checked and passed over. On SQLite one
 * connection writes at a time, so the same conditional UPDATE is atomic on its own. `skip` are the
 * sends this process holds unrecorded: the database may not show them as claimed (extending the
 * claim can fail too), but they were sent.
 */
async function claimNext(
  db: PlatformDb,
  dueBy: string,
  claimedAt: Date,
  skip: readonly number[],
): Promise<Claimed | undefined> {
  const now = claimedAt.toISOString();
  return db
    .updateTable('lead_deliveries')
    .set({ locked_until: new Date(claimedAt.getTime() + CLAIM_MS).toISOString() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('lead_deliveries as due')
        .select('due.id')
        .where('due.status', '=', 'pending')
        .where('due.next_attempt_at', '<=', dueBy)
        .where((w) => w.or([w('due.locked_until', 'is', null), w('due.locked_until', '<', now)]))
        .$if(skip.length > 0, (q) => q.where('due.id', 'not in', skip))
        .orderBy('due.next_attempt_at')
        .orderBy('due.id')
        .limit(1)
        .$if(isPostgres(db), (q) => q.forUpdate().skipLocked()),
    )
    .returning(['id', 'lead_id', 'destination', 'kind', 'attempts', 'locked_until'])
    .executeTakeFirst();
}

/**
 * Records a failed attempt: another try after retryDelayMs, or, when the failure is permanent or
 * this was the last of MAX_ATTEMPTS, the delivery is given up on (status 'dead', its last error
 * kept). Only the holder of the claim records it; if the claim lapsed and another worker took the
 * delivery over, that worker's outcome is the one that counts.
 */
async function recordFailure(
  deps: OutboxDeps,
  row: Claimed,
  attempts: number,
  error: unknown,
  run: OutboxRun,
): Promise<void> {
  const message = errorText(error);
  const permanent = error instanceof PermanentDeliveryError;
  const dies = permanent || attempts >= MAX_ATTEMPTS;
  const at = deps.now();
  const next = new Date(at.getTime() + retryDelayMs(attempts)).toISOString();
  const lastError = message.slice(0, 1000);
  try {
    const result = await deps.db
      .updateTable('lead_deliveries')
      .set(
        dies
          ? { status: 'dead', dead_at: at.toISOString(), attempts, locked_until: null, last_error: lastError }
          : { attempts, next_attempt_at: next, locked_until: null, last_error: lastError },
      )
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      run.failed++;
      console.warn(
        `Lead ${row.lead_id} delivery ${row.id} failed (attempt ${attempts}): ${message}; its claim had lapsed meanwhile, so the worker that took it over records the outcome.`,
      );
      return;
    }
  } catch (recordError) {
    // Nothing was sent, so the claim simply lapses and the delivery is tried again after CLAIM_MS.
    run.failed++;
    console.error(
      `Lead ${row.lead_id} delivery ${row.id} failed (${message}), and its failure could not be recorded either: ${errorText(recordError)}`,
    );
    return;
  }
  if (!dies) {
    run.failed++;
    console.warn(`Lead ${row.lead_id} delivery ${row.id} failed (attempt ${attempts}, next ${next}): ${message}`);
    return;
  }
  run.dead++;
  const why = permanent ? 'a failure that retrying cannot fix' : `${attempts} failed attempts, the last allowed`;
  console.error(
    `LEAD DELIVERY DEAD: lead ${row.lead_id} delivery ${row.id} (${row.kind}) is given up on after ${why}: ${message}. It is no longer retried; \`npm run leads\` lists it and \`npm run leads -- --retry\` sends it again once the cause is fixed.`,
  );
}

/**
 * Delivers what is due: each pending delivery is claimed (so no two workers, in this process or
 * any other, send it at once), sent within SEND_DEADLINE_MS, and marked delivered, or given its
 * error and a later attempt, or given up on when it cannot succeed. A send that succeeded is never
 * counted as failed: if the database will not record it, it is held (not sent again) until it can
 * be recorded.
 */
export async function deliverDue(deps: OutboxDeps, limit = 25): Promise<OutboxRun> {
  const { db } = deps;
  const run: OutboxRun = { delivered: 0, failed: 0, dead: 0, unrecorded: 0 };
  await recordHeldSends(deps, run);
  // Due by the start of this run: a delivery that fails in it is due again later, not in this run.
  const dueBy = deps.now().toISOString();
  for (let claimed = 0; claimed < limit && !deps.stopping?.(); claimed++) {
    // One delivery at a time, each claim timed from when it is taken, so a slow run never leaves
    // deliveries it claimed early sitting past their claim.
    const row = await claimNext(db, dueBy, deps.now(), [...unrecordedOf(db).keys()]);
    if (!row) break;
    const attempts = row.attempts + 1;
    try {
      await withinDeadline(SEND_DEADLINE_MS, async (signal) => {
        const lead = await deps.loadLead(row.lead_id);
        // Deliveries reference their lead, so a lead that cannot be found will not come back.
        if (!lead) throw new PermanentDeliveryError(`lead ${row.lead_id} is missing`);
        signal.throwIfAborted();
        await deps.transport.send(JSON.parse(row.destination) as ResolvedLeadDestination, lead, signal);
      });
    } catch (error) {
      await recordFailure(deps, row, attempts, error, run);
      continue;
    }
    // Sent: from here on, a database error must never lead to sending it again.
    const sent: SentDelivery = { leadId: row.lead_id, attempts, deliveredAt: deps.now().toISOString() };
    if (await recordDelivered(deps, row.id, sent)) {
      run.delivered++;
      continue;
    }
    unrecordedOf(db).set(row.id, sent);
    await holdClaim(deps, row.id, sent);
    run.unrecorded++;
  }
  return run;
}

export interface RetryResult {
  /** Pending deliveries made due now. */
  due: number;
  /** Of those, how many a worker holds right now (being sent, or sent and not yet recorded): left to it. */
  claimed: number;
  /** Dead deliveries made pending again, due now. */
  revived: number;
}

/**
 * `npm run leads -- --retry`: makes every pending delivery due now, and gives every dead one
 * another full run of MAX_ATTEMPTS, due now. A revived delivery starts again at attempt 0: it was
 * given up on because its destination failed, and someone has presumably fixed that, so it gets
 * the same backoff and the same day of tries as a new one, rather than dying again on its first
 * failure; its last error stays visible until the next attempt replaces it. Claims are left alone:
 * a claimed delivery is being sent right now, or was sent and is waiting to be recorded, and
 * clearing its claim would let another worker send it a second time.
 */
export async function retryDeliveries(db: PlatformDb, now: Date): Promise<RetryResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable('lead_deliveries')
      .set({ next_attempt_at: at })
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const claimed = await trx
      .selectFrom('lead_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where('locked_until', '>=', at)
      .executeTakeFirstOrThrow();
    const revived = await trx
      .updateTable('lead_deliveries')
      .set({ status: 'pending', attempts: 0, dead_at: null, next_attempt_at: at, locked_until: null })
      .where('status', '=', 'dead')
      .executeTakeFirst();
    return {
      due: Number(due.numUpdatedRows),
      claimed: Number(claimed.n),
      revived: Number(revived.numUpdatedRows),
    };
  });
}

export interface OutboxState {
  pending: number;
  delivered: number;
  /** Pending deliveries that have failed at least once. */
  retrying: number;
  /** Deliveries given up on: they need someone to look (`npm run leads`) and --retry them. */
  dead: number;
  oldestPending?: string;
}

/** The outbox at a glance (health check and the `npm run leads` report). */
export async function outboxState(db: PlatformDb): Promise<OutboxState> {
  const rows = await db
    .selectFrom('lead_deliveries')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn.sum<number>(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('retrying'),
    ])
    .groupBy('status')
    .execute();
  const count = (status: string) => rows.find((r) => r.status === status);
  const pending = count('pending');
  return {
    pending: Number(pending?.n ?? 0),
    delivered: Number(count('delivered')?.n ?? 0),
    retrying: Number(pending?.retrying ?? 0),
    dead: Number(count('dead')?.n ?? 0),
    ...(pending?.oldest ? { oldestPending: String(pending.oldest) } : {}),
  };
}
