import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { Lead } from './types';

/**
 * Sends one lead to one destination; throws with a readable reason when it could not. `signal`
 * aborts when the outbox gives up on the attempt, so a transport that can cancel its I/O does.
 */
export interface LeadTransport {
  send(destination: ResolvedLeadDestination, lead: Lead, signal: AbortSignal): Promise<void>;
}

export interface OutboxDeps {
  db: PlatformDb;
  transport: LeadTransport;
  /** The lead as the delivery formats need it (site name, car, dealership). */
  loadLead(leadId: number): Promise<Lead | undefined>;
  now(): Date;
}

/** First retry after 30 s, doubling, at most an hour apart: a lead is retried until it is delivered. */
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 3_600_000;
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

export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxRun {
  delivered: number;
  failed: number;
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
async function recordDelivered(db: PlatformDb, id: number, sent: SentDelivery): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await markDelivered(db, id, sent);
      return true;
    } catch (error) {
      const delay = RECORD_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        console.error(
          `Lead ${sent.leadId} delivery ${id} was sent but could not be recorded as delivered: ${errorText(error)}`,
        );
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
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

/**
 * Delivers what is due: each pending delivery is claimed (so two workers never send it twice at
 * once), sent within SEND_DEADLINE_MS, and marked delivered, or given its error and a later
 * attempt. Nothing is dropped, and a send that succeeded is never counted as failed: if the
 * database will not record it, it is held (not sent again) until it can be recorded.
 */
export async function deliverDue(deps: OutboxDeps, limit = 25): Promise<OutboxRun> {
  const { db } = deps;
  const run: OutboxRun = { delivered: 0, failed: 0, unrecorded: 0 };
  await recordHeldSends(deps, run);
  const held = [...unrecordedOf(db).keys()];
  const at = deps.now().toISOString();
  let query = db
    .selectFrom('lead_deliveries')
    .select(['id', 'lead_id', 'destination', 'attempts'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]));
  // The database may not show these as claimed (extending the claim can fail too), but they were sent.
  if (held.length > 0) query = query.where('id', 'not in', held);
  const due = await query.orderBy('next_attempt_at').limit(limit).execute();
  for (const row of due) {
    // Each claim is timed from when it is taken, so a slow batch never leaves later rows unclaimed.
    const claimedAt = deps.now();
    const lockedUntil = new Date(claimedAt.getTime() + CLAIM_MS).toISOString();
    const claim = await db
      .updateTable('lead_deliveries')
      .set({ locked_until: lockedUntil })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', claimedAt.toISOString())]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    const attempts = row.attempts + 1;
    try {
      await withinDeadline(SEND_DEADLINE_MS, async (signal) => {
        const lead = await deps.loadLead(row.lead_id);
        if (!lead) throw new Error(`lead ${row.lead_id} is missing`);
        signal.throwIfAborted();
        await deps.transport.send(JSON.parse(row.destination) as ResolvedLeadDestination, lead, signal);
      });
    } catch (error) {
      const message = errorText(error);
      const next = new Date(deps.now().getTime() + retryDelayMs(attempts)).toISOString();
      run.failed++;
      console.warn(`Lead ${row.lead_id} delivery ${row.id} failed (attempt ${attempts}, next ${next}): ${message}`);
      try {
        await db
          .updateTable('lead_deliveries')
          .set({ attempts, next_attempt_at: next, locked_until: null, last_error: message.slice(0, 1000) })
          .where('id', '=', row.id)
          .execute();
      } catch (recordError) {
        // Nothing was sent, so the claim simply lapses and the delivery is tried again after CLAIM_MS.
        console.error(
          `Lead ${row.lead_id} delivery ${row.id}: its failure could not be recorded either: ${errorText(recordError)}`,
        );
      }
      continue;
    }
    // Sent: from here on, a database error must never lead to sending it again.
    const sent: SentDelivery = { leadId: row.lead_id, attempts, deliveredAt: deps.now().toISOString() };
    if (await recordDelivered(db, row.id, sent)) {
      run.delivered++;
      continue;
    }
    unrecordedOf(db).set(row.id, sent);
    await holdClaim(deps, row.id, sent);
    run.unrecorded++;
  }
  return run;
}

export interface OutboxState {
  pending: number;
  delivered: number;
  /** Pending deliveries that have failed at least once. */
  retrying: number;
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
  const pending = rows.find((r) => r.status === 'pending');
  const delivered = rows.find((r) => r.status === 'delivered');
  return {
    pending: Number(pending?.n ?? 0),
    delivered: Number(delivered?.n ?? 0),
    retrying: Number(pending?.retrying ?? 0),
    ...(pending?.oldest ? { oldestPending: String(pending.oldest) } : {}),
  };
}
