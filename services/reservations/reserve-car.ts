import type { GateDecision } from '../../domain/accounts/gating';
import { holdExpiresAt, reservationKeyDecision } from '../../domain/reservation-hold';
import { DEFAULT_HOLDS_PER_SHOPPER, holdLimitMessage, perShopperLimit, shopperKeys } from '../../domain/booking-limits';
import { reserveDeposit } from '../../domain/vehicle/reserve';
import { purchaseButtonsHidden, sidebarCtas } from '../../domain/vehicle/sidebar-ctas';
import { vehicleTitle } from '../../domain/vehicle-title';
import type { StockFilter } from '../../domain/stock-filter';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { shopperKeyHashes } from '../booking-limits';
import type { PlatformDb } from '../db/database';
import { leadForKey } from '../leads/lead-store';
import {
  hashAddress,
  submitLead,
  takeLeadPost,
  type LeadAnswer,
  type LeadIntakeDeps,
  type LeadRequest,
} from '../leads/submit-lead';
import type { Car } from '../stock';
import { listedCarIds } from '../stock/listed-cars';
import { PaymentProviderError, type PaymentProvider } from './payment-provider';
import { cancelReservation, holdCar, latestReservationOfLead, type Reservation } from './reservations';

/** The form a reservation's details are checked with (pages-json/base/forms.json). */
export const RESERVATION_FORM = 'reservation';

export interface ReserveDeps extends LeadIntakeDeps {
  payments: PaymentProvider;
}

export interface ReserveRequest extends LeadRequest {
  /**
   * Whether this visitor may reserve the car: the sign-in gate of the site's checkout page
   * (conversion §4.7, §6 "checkout (on some sites)"), decided by the caller that knows the session.
   * Absent: not gated.
   */
  checkoutGate?: (car: Car) => Promise<GateDecision>;
}

type Reserved = {
  success: true;
  lead_id: number;
  completed: boolean;
  reservation_id: number;
  deposit: number;
  payment_status: 'unpaid' | 'paid' | 'none';
  hold_expires_at: string | null;
  redirect_url?: string;
};

export type ReserveAnswer =
  | LeadAnswer
  | { status: 201 | 200; body: Reserved }
  | { status: 401; body: { success: false; error: string; sign_in_url: string } }
  | { status: 409 | 502; body: { success: false; error: string; lead_id?: number } };

const conflict = (error: string, leadId?: number): ReserveAnswer => ({
  status: 409,
  body: { success: false, error, ...(leadId !== undefined ? { lead_id: leadId } : {}) },
});

/** Messages for a reused form key (issue 14: one filling reserves one car, once). */
export const KEY_MESSAGES = {
  otherCar:
    'This form has already reserved another car. To reserve this car as well, please reload the page and fill in the form again.',
  otherForm: 'This form was already sent as another enquiry. Please reload the page and fill in the form again.',
  ended:
    'Your reservation of this car has ended. To reserve it again, please reload the page and fill in the form again.',
} as const;

async function paymentStatus(db: PlatformDb, reservation: Reservation): Promise<Reserved['payment_status']> {
  if (!reservation.paymentIntentId) return 'none';
  const intent = await db
    .selectFrom('payment_intents')
    .select('status')
    .where('id', '=', reservation.paymentIntentId)
    .executeTakeFirst();
  return intent?.status === 'paid' ? 'paid' : 'unpaid';
}

async function storedAnswer(db: PlatformDb, leadId: number, reservation: Reservation): Promise<ReserveAnswer> {
  return {
    status: 200,
    body: {
      success: true,
      lead_id: leadId,
      completed: true,
      reservation_id: reservation.id,
      deposit: reservation.deposit,
      payment_status: await paymentStatus(db, reservation),
      hold_expires_at: reservation.expiresAt,
    },
  };
}

/**
 * Reserve a car online (issue: reserve and buy online): check the car is one this site lists and
 * may still be reserved, and that the visitor may use checkout; store the shopper's details as a
 * reservation lead (stored first, like every lead); hold the car so it shows RESERVED everywhere
 * until the dealer releases it or, while the deposit is unpaid, until the tenant's
 * vehicle.reserveHoldHours have passed; record the deposit with the payment provider. No card data
 * passes through here. One filling (its idempotency key) reserves one car: a retry of the same
 * reservation answers it again and creates nothing, another car with the same key is refused, and
 * every post counts against the address's limit (issue 14).
 */
export async function reserveCar(deps: ReserveDeps, request: ReserveRequest): Promise<ReserveAnswer> {
  const { tenant } = request;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const carId =
    typeof body.car_id === 'number' && Number.isSafeInteger(body.car_id) && body.car_id > 0 ? body.car_id : undefined;
  if (!carId) return { status: 400, body: { success: false, error: '"car_id" must name the car to reserve.' } };
  const now = deps.now();
  const [car] = await deps.stock.carsByIds([carId]);
  // Only a car the site lists (its search and vehicle pages show it) can be held.
  const listed =
    car && tenant.dealerships.includes(car.dealership_id)
      ? await (deps.listed ?? listedCarIds)(tenant, [carId], now)
      : new Set<number>();
  if (!car || !listed.has(carId))
    return {
      status: 404,
      body: { success: false, error: 'This car is not listed on this site, so it cannot be reserved here.' },
    };

  const gate = request.checkoutGate ? await request.checkoutGate(car) : ({ kind: 'open' } as const);
  if (gate.kind === 'signIn') {
    return {
      status: 401,
      body: {
        success: false,
        error: `Please sign in to reserve this car, then send the form again. You can sign in here: ${gate.href}`,
        sign_in_url: gate.href,
      },
    };
  }

  const key = typeof body.idempotencyKey === 'string' ? body.idempotencyKey : '';
  const earlier = key ? await leadForKey(deps.db, tenant.slug, key) : undefined;
  const latest = earlier ? await latestReservationOfLead(deps.db, earlier.id) : undefined;
  const decision = reservationKeyDecision(carId, RESERVATION_FORM, {
    ...(earlier ? { lead: { form: earlier.form, carId: earlier.carId } } : {}),
    ...(latest ? { reservation: { id: latest.id, carId: latest.carId, status: latest.status } } : {}),
  });
  if (decision.kind === 'other_car') return conflict(KEY_MESSAGES.otherCar);
  if (decision.kind === 'other_form') return conflict(KEY_MESSAGES.otherForm);
  if (decision.kind === 'ended') return conflict(KEY_MESSAGES.ended);
  if (decision.kind === 'retry' && earlier && latest) {
    // The same reservation again: nothing is created, but the post still counts for this address.
    const limited = await takeLeadPost(deps, tenant, request.ip ? hashAddress(request.ip) : undefined, now);
    return limited ?? storedAnswer(deps.db, earlier.id, latest);
  }

  const lead = await submitLead(deps, { ...request, body: { ...body, form: RESERVATION_FORM } });
  if (!lead.body.success) return lead;
  const leadId = lead.body.lead_id;
  // Two posts racing with one key: whichever stored the lead first decided its car.
  const stored = await leadForKey(deps.db, tenant.slug, key);
  if (stored && (stored.id !== leadId || stored.carId !== carId)) return conflict(KEY_MESSAGES.otherCar, leadId);

  const rules = tenant.vehicle.rules as { reserve?: StockFilter };
  const eligible =
    !purchaseButtonsHidden(car) &&
    sidebarCtas(car, rules, { now, autograbOn: tenant.features.autograb }).includes('reserve');
  if (!eligible)
    return conflict(
      `The ${vehicleTitle(car)} can no longer be reserved online. We have your details and will call you about it, or about similar cars.`,
      leadId,
    );

  const deposit = reserveDeposit(tenant.vehicle.reserveAmount);
  const expiresAt = holdExpiresAt(now, (tenant as ResolvedTenant).vehicle.reserveHoldHours);
  // At most vehicle.reserveHoldsPerShopper active holds per e-mail, phone and device on the site (issue 30 M2).
  const details = body.userData && typeof body.userData === 'object' ? (body.userData as Record<string, unknown>) : {};
  const shopper = {
    keys: shopperKeyHashes(
      tenant.slug,
      shopperKeys({ email: details.email, phone: details.phone, device: request.device }),
    ),
    limit: perShopperLimit(tenant.vehicle.reserveHoldsPerShopper, DEFAULT_HOLDS_PER_SHOPPER),
  };
  const held = await holdCar(deps.db, { tenant: tenant.slug, carId, leadId, deposit, now, expiresAt, shopper });
  if (!held.ok) {
    if (held.reason === 'shopper_limit')
      return conflict(holdLimitMessage(held.limit, tenant.contact?.phone || undefined), leadId);
    if (held.reason === 'lead_holds_another') {
      const current = await latestReservationOfLead(deps.db, leadId);
      if (current?.status === 'held' && current.carId === carId) return storedAnswer(deps.db, leadId, current);
      return conflict(KEY_MESSAGES.otherCar, leadId);
    }
    return conflict(`${held.message}. We have your details and will call you about similar cars.`, leadId);
  }
  const hold_expires_at = held.reservation.expiresAt;
  if (deposit <= 0)
    return {
      status: 201,
      body: {
        success: true,
        lead_id: leadId,
        completed: true,
        reservation_id: held.reservation.id,
        deposit,
        payment_status: 'none',
        hold_expires_at,
      },
    };
  try {
    const intent = await deps.payments.createIntent({
      tenant: tenant.slug,
      reservationId: held.reservation.id,
      amountCents: Math.round(deposit * 100),
      currency: tenant.locale.currency,
      description: `Deposit to reserve the ${vehicleTitle(car)} (${car.stocknum ?? car.id})`,
    });
    return {
      status: 201,
      body: {
        success: true,
        lead_id: leadId,
        completed: true,
        reservation_id: held.reservation.id,
        deposit,
        payment_status: intent.status,
        hold_expires_at,
        ...(intent.redirectUrl ? { redirect_url: intent.redirectUrl } : {}),
      },
    };
  } catch (error) {
    // No hold without a payment behind it: the car is free again, the shopper's details are kept.
    await cancelReservation(deps.db, held.reservation.id, {
      note: error instanceof Error ? error.message : String(error),
      now: deps.now(),
    });
    if (error instanceof PaymentProviderError)
      return {
        status: 502,
        body: {
          success: false,
          lead_id: leadId,
          error:
            'We could not start the deposit payment just now. We have your details and will call you to hold the car.',
        },
      };
    throw error;
  }
}
