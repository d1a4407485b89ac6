import { FormValidator } from '../../domain/forms/form-validator';
import { getDatabase } from '../db/database';
import { getStockRepository } from '../stock';
import { loadLead, type LeadSite } from './lead-record';
import { deliverDue, type OutboxDeps, type OutboxRun } from './outbox';
import {
  DEFAULT_RATE_LIMIT,
  DEFAULT_RATE_WINDOW_MS,
  submitLead,
  type LeadAnswer,
  type LeadRequest,
} from './submit-lead';
import { createLeadTransport, transportOptionsFromEnv } from './transports';
import { tradeInStep, type TradeInAnswer } from './trade-in';
import { getValuationProvider } from '../valuation';
import type { ResolvedTenant } from '../../schemas/types.generated';

export type { LeadAnswer, LeadRequest } from './submit-lead';
export type { LeadSite } from './lead-record';

// One validator per process: compiled schemas are infrastructure, keyed by schema text.
let validator: FormValidator | undefined;

function rateLimitFromEnv(): number {
  const n = Number(process.env.LEAD_RATE_LIMIT ?? DEFAULT_RATE_LIMIT);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_RATE_LIMIT;
}

/** Checks and stores one form post on the process-wide database. */
export async function receiveLead(request: LeadRequest): Promise<LeadAnswer> {
  validator ??= new FormValidator();
  return submitLead(
    {
      db: await getDatabase(),
      stock: await getStockRepository(),
      validator,
      rateLimit: rateLimitFromEnv(),
      rateWindowMs: DEFAULT_RATE_WINDOW_MS,
      now: () => new Date(),
    },
    request,
  );
}

/** One step of the trade-in flow, valued against this tenant's own stock by default. */
export async function receiveTradeIn(
  tenant: ResolvedTenant,
  body: unknown,
  request: { ip?: string; userAgent?: string },
): Promise<TradeInAnswer> {
  validator ??= new FormValidator();
  const valuation = getValuationProvider(process.env, {
    dealershipsOf: (slug) => (slug === tenant.slug ? tenant.dealerships : undefined),
    timeZone: tenant.locale.timeZone,
    currency: tenant.locale.currency,
  });
  return tradeInStep(
    {
      db: await getDatabase(),
      stock: await getStockRepository(),
      validator,
      valuation,
      rateLimit: rateLimitFromEnv(),
      rateWindowMs: DEFAULT_RATE_WINDOW_MS,
      now: () => new Date(),
    },
    tenant,
    body,
    request,
  );
}

async function outboxDeps(site: (tenant: string) => LeadSite | undefined): Promise<OutboxDeps> {
  const db = await getDatabase();
  const stock = await getStockRepository();
  return {
    db,
    transport: createLeadTransport(transportOptionsFromEnv()),
    loadLead: (id) => loadLead(db, stock, site, id),
    now: () => new Date(),
  };
}

interface Worker {
  running: boolean;
  again: boolean;
  timer?: ReturnType<typeof setInterval>;
  site?: (tenant: string) => LeadSite | undefined;
}
// The outbox worker is per process by nature (one timer); the database claim keeps processes apart.
const worker: Worker = { running: false, again: false };

async function drain(): Promise<void> {
  if (!worker.site) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = true;
  try {
    const deps = await outboxDeps(worker.site);
    let run: OutboxRun;
    do {
      worker.again = false;
      run = await deliverDue(deps);
    } while (worker.again || (run.delivered + run.dead + run.failed > 0 && run.failed === 0));
  } catch (error) {
    console.error('Lead outbox run failed; it will run again', error);
  } finally {
    worker.running = false;
  }
}

/**
 * Starts delivering queued leads inside this process (every `intervalMs`, and at once when a lead
 * arrives through `kickOutbox`). No other service is needed; several processes share the work.
 */
export function startOutboxWorker(site: (tenant: string) => LeadSite | undefined, intervalMs = 15_000): void {
  worker.site = site;
  if (worker.timer) return;
  worker.timer = setInterval(() => void drain(), intervalMs);
  worker.timer.unref();
  void drain();
}

/** Delivers due leads now (after a lead is stored), without waiting for the next tick. */
export function kickOutbox(): Promise<void> {
  return drain();
}
