import { purchaseButtonsHidden, reserveDeposit, sidebarCtas } from '../../domain/vehicle-rules';
import { vehicleTitle } from '../../domain/vehicle-title';
import type { StockFilter } from '../../domain/stock-filter';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { submitLead, type LeadAnswer, type LeadIntakeDeps, type LeadRequest } from '../leads/submit-lead';
import { PaymentProviderError, type PaymentProvider } from './payment-provider';
import { activeReservations, cancelReservation, holdCar } from './reservations';

/** The form a reservation's details are checked with (pages-json/forms.json). */
export const RESERVATION_FORM = 'reservation';

export interface ReserveDeps extends LeadIntakeDeps {
  payments: PaymentProvider;
}

export type ReserveAnswer =
  | LeadAnswer
  | { status: 201 | 200; body: { success: true; lead_id: number; completed: boolean; reservation_id: number; deposit: number; payment_status: 'unpaid' | 'paid' | 'none'; redirect_url?: string } }
  | { status: 409 | 502; body: { success: false; error: string; lead_id?: number } };

/**
 * Reserve a car online (issue: reserve and buy online): check the car may still be reserved, store
 * the shopper's details as a reservation lead (stored first, like every lead), hold the car so it
 * shows RESERVED everywhere until the dealer releases it, and record the deposit with the payment
 * provider. No card data passes through here.
 */
export async function reserveCar(deps: ReserveDeps, request: LeadRequest): Promise<ReserveAnswer> {
  const { tenant } = request;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const carId = typeof body.car_id === 'number' && Number.isInteger(body.car_id) ? body.car_id : undefined;
  if (!carId) return { status: 400, body: { success: false, error: '"car_id" must name the car to reserve.' } };
  const [car] = await deps.stock.carsByIds([carId]);
  if (!car || !tenant.dealerships.includes(car.dealership_id)) return { status: 404, body: { success: false, error: 'No such car on this site.' } };
  const now = deps.now();

  const lead = await submitLead(deps, { ...request, body: { ...body, form: RESERVATION_FORM } });
  if (!lead.body.success) return lead;
  const leadId = lead.body.lead_id;
  const previous = (await activeReservations(deps.db, [carId])).find((r) => r.leadId === leadId);
  const deposit = reserveDeposit((tenant as ResolvedTenant).vehicle.reserveAmount);
  if (previous) {
    // A retried post: the same lead already holds the car.
    return { status: 200, body: { success: true, lead_id: leadId, completed: true, reservation_id: previous.id, deposit: previous.deposit, payment_status: previous.paymentIntentId ? 'unpaid' : 'none' } };
  }
  const rules = tenant.vehicle.rules as { reserve?: StockFilter };
  const eligible = !purchaseButtonsHidden(car) && sidebarCtas(car, rules, { now }).includes('reserve');
  if (!eligible) return { status: 409, body: { success: false, lead_id: leadId, error: `The ${vehicleTitle(car)} can no longer be reserved online. We have your details and will call you about it, or about similar cars.` } };

  const held = await holdCar(deps.db, { tenant: tenant.slug, carId, leadId, deposit, now });
  if (!held.ok) return { status: 409, body: { success: false, lead_id: leadId, error: `${held.message}. We have your details and will call you about similar cars.` } };
  if (deposit <= 0) return { status: 201, body: { success: true, lead_id: leadId, completed: true, reservation_id: held.reservation.id, deposit, payment_status: 'none' } };
  try {
    const intent = await deps.payments.createIntent({ tenant: tenant.slug, reservationId: held.reservation.id, amountCents: Math.round(deposit * 100), currency: tenant.locale.currency, description: `Deposit to reserve the ${vehicleTitle(car)} (${car.stocknum ?? car.id})` });
    return {
      status: 201,
      body: { success: true, lead_id: leadId, completed: true, reservation_id: held.reservation.id, deposit, payment_status: intent.status, ...(intent.redirectUrl ? { redirect_url: intent.redirectUrl } : {}) },
    };
  } catch (error) {
    // No hold without a payment behind it: the car is free again, the shopper's details are kept.
    await cancelReservation(deps.db, held.reservation.id, { note: error instanceof Error ? error.message : String(error), now: deps.now() });
    if (error instanceof PaymentProviderError) return { status: 502, body: { success: false, lead_id: leadId, error: 'We could not start the deposit payment just now. We have your details and will call you to hold the car.' } };
    throw error;
  }
}
