import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { Lead } from './types';

/** Sends one lead to one destination; throws with a readable reason when it could not. */
export interface LeadTransport {
  send(destination: ResolvedLeadDestination, lead: Lead): Promise<void>;
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
/** A claimed delivery another worker may take over after this long (the first worker died). */
const CLAIM_MS = 120_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxRun {
  delivered: number;
  failed: number;
}

/**
 * Delivers what is due: each pending delivery is claimed (so two workers never send it twice at
 * once), sent, and marked delivered, or given its error and a later attempt. Nothing is dropped.
 */
export async function deliverDue(deps: OutboxDeps, limit = 25): Promise<OutboxRun> {
  const { db } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const due = await db
    .selectFrom('lead_deliveries')
    .select(['id', 'lead_id', 'destination', 'attempts'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const run: OutboxRun = { delivered: 0, failed: 0 };
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
      const lead = await deps.loadLead(row.lead_id);
      if (!lead) throw new Error(`lead ${row.lead_id} is missing`);
      await deps.transport.send(JSON.parse(row.destination) as ResolvedLeadDestination, lead);
      await db.updateTable('lead_deliveries').set({ status: 'delivered', attempts, delivered_at: deps.now().toISOString(), locked_until: null, last_error: null }).where('id', '=', row.id).execute();
      run.delivered++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const next = new Date(deps.now().getTime() + retryDelayMs(attempts)).toISOString();
      await db.updateTable('lead_deliveries').set({ attempts, next_attempt_at: next, locked_until: null, last_error: message.slice(0, 1000) }).where('id', '=', row.id).execute();
      console.warn(`Lead ${row.lead_id} delivery ${row.id} failed (attempt ${attempts}, next ${next}): ${message}`);
      run.failed++;
    }
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
    .select((eb) => ['status', eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest'), eb.fn.sum<number>(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('retrying')])
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
