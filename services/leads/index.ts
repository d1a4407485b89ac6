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
  /** The run in progress, if any. */
  running?: Promise<void>;
  again: boolean;
  /** Set by stopOutboxWorker: no new delivery is claimed. */
  stopped: boolean;
  timer?: ReturnType<typeof setInterval>;
  site?: (tenant: string) => LeadSite | undefined;
}
// The outbox worker is per process by nature (one timer); the database claim keeps processes apart.
// On globalThis because Next bundles route handlers apart from instrumentation, each with its own copy
// of this module: per copy, one process would run several workers, and a shutdown would stop only one.
const WORKER_KEY = Symbol.for('dealer-platform.lead-outbox-worker');
const worker: Worker = ((globalThis as { [WORKER_KEY]?: Worker })[WORKER_KEY] ??= { again: false, stopped: false });

async function run(site: (tenant: string) => LeadSite | undefined): Promise<void> {
  try {
    const deps = await outboxDeps(site);
    const stopping = () => worker.stopped;
    let result: OutboxRun;
    do {
      worker.again = false;
      result = await deliverDue({ ...deps, stopping });
    } while (
      !worker.stopped &&
      (worker.again || (result.delivered + result.dead + result.failed > 0 && result.failed === 0))
    );
  } catch (error) {
    console.error('Lead outbox run failed; it will run again', error);
  }
}

function drain(): Promise<void> {
  if (!worker.site || worker.stopped) return Promise.resolve();
  if (worker.running) {
    // The run in progress goes round again; the caller (a request's after()) does not wait for it.
    worker.again = true;
    return Promise.resolve();
  }
  worker.running = run(worker.site).finally(() => {
    worker.running = undefined;
  });
  return worker.running;
}

/**
 * Stops this process's outbox (a graceful shutdown): no new delivery is claimed, and the promise settles
 * once the delivery being sent, if any, has been sent and recorded. Leads stored meanwhile stay pending
 * for another process, or this one after its restart.
 */
export async function stopOutboxWorker(): Promise<void> {
  worker.stopped = true;
  if (worker.timer) clearInterval(worker.timer);
  worker.timer = undefined;
  await worker.running;
}

/**
 * Starts delivering queued leads inside this process (every `intervalMs`, and at once when a lead
 * arrives through `kickOutbox`). No other service is needed; several processes share the work.
 */
export function startOutboxWorker(site: (tenant: string) => LeadSite | undefined, intervalMs = 15_000): void {
  worker.site = site;
  if (worker.timer || worker.stopped) return;
  worker.timer = setInterval(() => void drain(), intervalMs);
  worker.timer.unref();
  void drain();
}

/** Delivers due leads now (after a lead is stored), without waiting for the next tick. */
export function kickOutbox(): Promise<void> {
  return drain();
}
