import { compileForm } from '../../domain/forms/compile-form';
import type { FieldError, FormValidator } from '../../domain/forms/form-validator';
import { normaliseFormValues } from '../../domain/forms/form-values';
import { parseRowId } from '../../domain/ids';
import {
  ADJUSTMENT_QUESTIONS,
  applyAdjustments,
  validateAdjustmentAnswers,
  type AdjustmentLine,
} from '../../domain/trade-in/adjustments';
import { onlineEstimateAllowed } from '../../domain/trade-in/trade-in-rules';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { StockRepository } from '../stock';
import type { ValuationProvider } from '../valuation';
import { listedCarIds } from '../stock/listed-cars';
import { loadFormContext, type ListedCars } from './form-context';
import {
  hasLeadForKey,
  leadsFromAddressSince,
  saveServerValuation,
  storeLeadSubmission,
  storedFieldsForKey,
  type LeadTooLarge,
  type StoredLead,
} from './lead-store';
import { hashAddress, leadTooLargeMessage, takeLeadPost } from './submit-lead';

/**
 * The trade-in flow's server side (conversion §2.3, §7 item 4): rego and state with the car, then
 * adjustments, then the offer, then acceptance with contact details. Every step is stored on one
 * lead (form 'trade-in-valuation') before it is answered; the last step completes it for delivery.
 */
export const TRADE_IN_FORM = 'trade-in-valuation';
/** The form whose contact step the acceptance is checked with (conversion §5.1 trade-in lead form). */
export const TRADE_IN_CONTACT_FORM = 'trade-in';
const STATES = ['act', 'nsw', 'nt', 'qld', 'sa', 'tas', 'vic', 'wa'];

export interface TradeInDeps {
  db: PlatformDb;
  /** New valuations allowed per address per site in the window; 0 turns the limit off. */
  rateLimit: number;
  rateWindowMs: number;
  /** Posts allowed per address per site in the window (every step and retry); default rateLimit * POSTS_PER_LEAD. */
  postLimit?: number;
  /** Which cars the site lists (default listedCarIds on the process-wide search index). */
  listed?: ListedCars;
  stock: StockRepository;
  validator: FormValidator;
  valuation: ValuationProvider;
  now(): Date;
}

export interface TradeInOffer {
  low: number;
  high: number;
  /** The offer: the valuation's middle after the shopper's adjustments. */
  price: number;
  basis: string;
  lines: AdjustmentLine[];
}

export type TradeInAnswer =
  | {
      status: 200 | 201;
      body: {
        success: true;
        lead_id: number;
        estimate?: boolean;
        reason?: string;
        offer?: TradeInOffer | null;
        completed?: boolean;
      };
    }
  | { status: 400 | 404 | 413 | 422 | 429; body: { success: false; error: string; field_errors?: FieldError[] } };

const bad = (error: string, field_errors?: FieldError[]): TradeInAnswer => ({
  status: field_errors ? 422 : 400,
  body: { success: false, error, ...(field_errors ? { field_errors } : {}) },
});

interface Common {
  idempotencyKey: string;
  url: string;
  carId?: number | undefined;
}

function common(body: Record<string, unknown>): Common | string {
  const key = body.idempotencyKey;
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(key))
    return '"idempotencyKey" must be 8 to 100 letters, digits, "-" or "_", the same for every step of one valuation.';
  // An id past a database id (parseRowId) is no car: never a query the database would refuse.
  const carId = typeof body.car_id === 'number' ? parseRowId(body.car_id) : undefined;
  return {
    idempotencyKey: key,
    url: typeof body.url === 'string' ? body.url.slice(0, 500) : '',
    ...(carId ? { carId } : {}),
  };
}

/** Step 1 values: rego, its state, and the car (make, model, year, odometer), each checked with a message. */
function vehicleValues(
  body: Record<string, unknown>,
  now: Date,
): { values: Record<string, string | number>; errors: FieldError[] } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const errors: FieldError[] = [];
  const rego = text(body.rego).toUpperCase().replace(/\s+/g, '');
  if (!/^[A-Z0-9]{1,9}$/.test(rego))
    errors.push({ field: 'rego', message: 'Please enter the registration (letters and numbers, up to 9).' });
  const regoState = text(body.regoState).toLowerCase();
  if (!STATES.includes(regoState))
    errors.push({ field: 'regoState', message: 'Please choose the state the car is registered in.' });
  const make = text(body.make);
  if (!make || make.length > 40) errors.push({ field: 'make', message: 'Please enter the make, e.g. Toyota.' });
  const model = text(body.model);
  if (!model || model.length > 40) errors.push({ field: 'model', message: 'Please enter the model, e.g. Corolla.' });
  const year = Number(text(body.year));
  if (!Number.isInteger(year) || year < 1950 || year > now.getUTCFullYear() + 1)
    errors.push({ field: 'year', message: `Please enter the year it was built, 1950 to ${now.getUTCFullYear() + 1}.` });
  const odometer = Number(text(body.odometer).replace(/[,\s]/g, ''));
  if (!Number.isInteger(odometer) || odometer < 0 || odometer > 2_000_000)
    errors.push({ field: 'odometer', message: 'Please enter the odometer reading in whole kilometres.' });
  return { values: { rego, regoState, make, model, year, odometer }, errors };
}

export async function tradeInStep(
  deps: TradeInDeps,
  tenant: ResolvedTenant,
  body: unknown,
  request: { ip?: string; userAgent?: string },
): Promise<TradeInAnswer> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return bad('Send a JSON object with "step": "vehicle", "adjustments" or "accept".');
  const input = body as Record<string, unknown>;
  const base = common(input);
  if (typeof base === 'string') return bad(base);
  const now = deps.now();
  const ipHash = request.ip ? hashAddress(request.ip) : undefined;
  // Every step counts against the address's limit (issue 14), retries and reused keys too.
  const limited = await takeLeadPost(deps, tenant, ipHash, now);
  if (limited) return limited;
  // The car being bought counts only when this site lists it; another id is not kept as context, never trusted.
  if (base.carId) {
    const [car] = await deps.stock.carsByIds([base.carId]);
    const listed =
      car && tenant.dealerships.includes(car.dealership_id)
        ? await (deps.listed ?? listedCarIds)(tenant, [car.id], now)
        : new Set<number>();
    if (!listed.has(base.carId)) delete base.carId;
  }
  const lead = (
    step: number,
    fields: Record<string, string | number | boolean>,
    extra: { last?: boolean; offerAccepted?: boolean; extras?: Record<string, string> } = {},
  ): Promise<StoredLead | LeadTooLarge> =>
    storeLeadSubmission(
      deps.db,
      {
        tenant: tenant.slug,
        form: TRADE_IN_FORM,
        eventId: ANALYTICS_EVENTS.generalEnquiry,
        category: 'Trade-in Enquiry',
        subcategory: 'Online valuation',
        fields,
        extras: extra.extras ?? {},
        ...(base.carId ? { carId: base.carId } : {}),
        url: base.url,
        ...(request.userAgent ? { userAgent: request.userAgent } : {}),
        visitedPages: [],
        linkedQueryParams: {},
        ...(ipHash ? { ipHash } : {}),
        idempotencyKey: base.idempotencyKey,
        step,
        isLastStep: extra.last ?? false,
        spam: false,
        ...(extra.offerAccepted !== undefined ? { offerAccepted: extra.offerAccepted } : {}),
        destinations: tenant.leadDelivery,
      },
      now,
    );

  const tooLarge: TradeInAnswer = { status: 413, body: { success: false, error: leadTooLargeMessage(tenant) } };

  switch (input.step) {
    case 'vehicle': {
      const { values, errors } = vehicleValues(input, now);
      if (errors.length)
        return bad(`Please fix the following errors: ${errors.map((e) => e.message).join(' ')}`, errors);
      if (deps.rateLimit > 0 && ipHash && !(await hasLeadForKey(deps.db, tenant.slug, base.idempotencyKey))) {
        const recent = await leadsFromAddressSince(
          deps.db,
          tenant.slug,
          ipHash,
          new Date(now.getTime() - deps.rateWindowMs),
        );
        if (recent >= deps.rateLimit)
          return {
            status: 429,
            body: {
              success: false,
              error:
                'We have received several valuations from your connection in the last few minutes. Please wait a few minutes and try again.',
            },
          };
      }
      const stored = await lead(0, values);
      if (!stored.ok) return tooLarge;
      // conversion §9 trade-in FAQ: over 7 years or 100,000 km gets no online estimate.
      const rule = onlineEstimateAllowed(
        { year: Number(values.year), km: Number(values.odometer) },
        now,
        tenant.locale.timeZone,
      );
      return {
        status: stored.created ? 201 : 200,
        body: {
          success: true,
          lead_id: stored.leadId,
          estimate: rule.allowed,
          ...(rule.allowed ? {} : { reason: rule.reason }),
        },
      };
    }
    case 'adjustments': {
      const earlier = await storedFieldsForKey(deps.db, tenant.slug, base.idempotencyKey);
      if (!earlier.make) return bad('Send the car first (step "vehicle").');
      const checked = validateAdjustmentAnswers(input.answers);
      if (!checked.ok)
        return bad(
          checked.errors.join(' '),
          checked.errors.map((message) => ({ field: 'answers', message })),
        );
      const subject = {
        make: String(earlier.make),
        model: String(earlier.model),
        year: Number(earlier.year),
        km: Number(earlier.odometer),
      };
      const rule = onlineEstimateAllowed(subject, now, tenant.locale.timeZone);
      let offer: TradeInOffer | null = null;
      if (rule.allowed) {
        const valuation = await deps.valuation
          .value({
            tenant: tenant.slug,
            ...subject,
            rego: String(earlier.rego ?? ''),
            regoState: String(earlier.regoState ?? ''),
          })
          .catch((error: unknown) => {
            console.error('Valuation failed; the shopper is sent to the enquiry form', error);
            return null;
          });
        if (valuation) {
          const mid = applyAdjustments(valuation.mid, checked.answers);
          if (mid.ok) {
            const factor = valuation.mid > 0 ? mid.value / valuation.mid : 0;
            const round = (n: number) => Math.round((n * factor) / 100) * 100;
            offer = {
              low: round(valuation.low),
              high: round(valuation.high),
              price: mid.value,
              basis: valuation.basis,
              lines: mid.lines,
            };
          }
        }
      }
      const stored = await lead(1, {
        adjustmentAnswers: JSON.stringify(checked.answers),
        ...(offer ? { offer_price: offer.price } : {}),
      });
      if (!stored.ok) return tooLarge;
      // The server's own valuation, where nothing the page sends can write (conversion §7 items 4, 5; issue 14).
      if (offer && !stored.completed) await saveServerValuation(deps.db, stored.leadId, offer, now);
      return {
        status: 200,
        body: {
          success: true,
          lead_id: stored.leadId,
          offer,
          ...(offer
            ? {}
            : {
                reason: rule.allowed
                  ? 'We could not value your car online this time: send us the details and our team will call you with a price.'
                  : rule.reason,
              }),
        },
      };
    }
    case 'accept': {
      const definition = tenant.forms[TRADE_IN_CONTACT_FORM];
      if (!definition)
        return { status: 404, body: { success: false, error: 'This site takes no trade-in details online.' } };
      const earlier = await storedFieldsForKey(deps.db, tenant.slug, base.idempotencyKey);
      if (!earlier.make) return bad('Send the car first (step "vehicle").');
      const loaded = await loadFormContext(tenant, deps.stock, {});
      const form = compileForm(TRADE_IN_CONTACT_FORM, definition, loaded.context);
      const contactStep = form.steps.length - 1;
      const raw =
        typeof input.contact === 'object' && input.contact !== null ? (input.contact as Record<string, unknown>) : {};
      const { values, extras } = normaliseFormValues(form, raw, contactStep, contactStep);
      const schema = form.schemas[contactStep];
      const errors = schema
        ? deps.validator.validate(
            { ...form, schemas: [schema], steps: [form.steps[contactStep] ?? { fields: [] }] },
            values,
            0,
          )
        : [];
      if (errors.length)
        return bad(`Please fix the following errors: ${errors.map((e) => e.message).join(' ')}`, errors);
      // Accepting needs an offer this filling was actually made.
      const accepted = input.offer_accepted === true && earlier.offer_price !== undefined;
      // Names the contact form does not know are kept too (as the shopper's; nothing sent is dropped).
      const stored = await lead(
        2,
        { ...values, form_completed: true, offer_accepted: accepted },
        { last: true, offerAccepted: accepted, extras },
      );
      if (!stored.ok) return tooLarge;
      return { status: 200, body: { success: true, lead_id: stored.leadId, completed: stored.completed } };
    }
    default:
      return bad('"step" must be "vehicle", "adjustments" or "accept".');
  }
}

export { ADJUSTMENT_QUESTIONS };
