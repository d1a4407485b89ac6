import { FormValidator } from '../../domain/forms/form-validator';
import { getDatabase } from '../db/database';
import type { LeadRequest } from '../leads/submit-lead';
import { DEFAULT_RATE_LIMIT, DEFAULT_RATE_WINDOW_MS } from '../leads/submit-lead';
import { getStockRepository } from '../stock';
import { getPaymentProvider } from './payment-provider';
import { reserveCar, type ReserveAnswer } from './reserve-car';

let validator: FormValidator | undefined;

/** Reserves a car on the process-wide database with the configured payment provider. */
export async function receiveReservation(request: LeadRequest): Promise<ReserveAnswer> {
  validator ??= new FormValidator();
  const db = await getDatabase();
  const limit = Number(process.env.LEAD_RATE_LIMIT ?? DEFAULT_RATE_LIMIT);
  return reserveCar({ db, stock: await getStockRepository(), validator, payments: getPaymentProvider(db), rateLimit: Number.isFinite(limit) ? limit : DEFAULT_RATE_LIMIT, rateWindowMs: DEFAULT_RATE_WINDOW_MS, now: () => new Date() }, request);
}
