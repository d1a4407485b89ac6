import { FormValidator } from '../../domain/forms/form-validator';
import { getDatabase } from '../db/database';
import { DEFAULT_RATE_LIMIT, DEFAULT_RATE_WINDOW_MS } from '../leads/submit-lead';
import { getStockRepository } from '../stock';
import { expireUnpaidHolds, type ExpiredHold, type HoldSite } from './expire-holds';
import { getPaymentProvider } from './payment-provider';
import { reserveCar, type ReserveAnswer, type ReserveRequest } from './reserve-car';

export type { HoldSite, ExpiredHold } from './expire-holds';

let validator: FormValidator | undefined;

/** Reserves a car on the process-wide database with the configured payment provider. */
export async function receiveReservation(request: ReserveRequest): Promise<ReserveAnswer> {
  validator ??= new FormValidator();
  const db = await getDatabase();
  const limit = Number(process.env.LEAD_RATE_LIMIT ?? DEFAULT_RATE_LIMIT);
  return reserveCar(
    {
      db,
      stock: await getStockRepository(),
      validator,
      payments: getPaymentProvider(db),
      rateLimit: Number.isFinite(limit) && limit >= 0 ? limit : DEFAULT_RATE_LIMIT,
      rateWindowMs: DEFAULT_RATE_WINDOW_MS,
      now: () => new Date(),
    },
    request,
  );
}

/** Releases the unpaid holds that have run out on the process-wide database, and tells each dealer. */
export async function expireHoldsNow(
  site: (tenant: string) => HoldSite | undefined,
  now = new Date(),
): Promise<ExpiredHold[]> {
  return expireUnpaidHolds(await getDatabase(), { now, site });
}

/** How often this process looks for holds that have run out; a hold lasts hours, so minutes late is fine. */
export const HOLD_SWEEP_INTERVAL_MS = 5 * 60_000;

// The sweeper is per process by nature (one timer); the database's conditional update keeps processes apart.
const sweeper: { timer?: ReturnType<typeof setInterval>; running: boolean } = { running: false };

/**
 * Starts releasing run-out unpaid holds inside this process (now, then every `intervalMs`);
 * `onExpired` hears how many were released, e.g. to deliver the dealers' notices at once.
 */
export function startHoldSweeper(
  site: (tenant: string) => HoldSite | undefined,
  options: { intervalMs?: number; onExpired?: (count: number) => void } = {},
): void {
  if (sweeper.timer) return;
  const sweep = async () => {
    if (sweeper.running) return;
    sweeper.running = true;
    try {
      const expired = await expireHoldsNow(site);
      if (expired.length) options.onExpired?.(expired.length);
    } catch (error) {
      console.error('Releasing expired reservation holds failed; it will run again', error);
    } finally {
      sweeper.running = false;
    }
  };
  sweeper.timer = setInterval(() => void sweep(), options.intervalMs ?? HOLD_SWEEP_INTERVAL_MS);
  sweeper.timer.unref();
  void sweep();
}
