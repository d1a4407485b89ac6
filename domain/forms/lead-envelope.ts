/**
 * What a form posts to /api/leads (conversion §7 items 2, 3): the form's name, its values as
 * `userData`, the step and `isLastStep` for multi-step forms, the car or location it is about,
 * where the shopper has been, and an idempotency key so a retried post stores one lead.
 */
import { parseRowId } from '../ids';

export interface LeadEnvelope {
  form: string;
  step: number;
  isLastStep: boolean;
  leadId?: number;
  idempotencyKey: string;
  userData: Record<string, unknown>;
  carId?: number;
  locationId?: number;
  page: { url: string; visitedPages: string[]; linkedQueryParams: Record<string, string> };
  /** The honeypot: people never see it, so a value means a robot filled the form. */
  honeypot: string;
}

/** Field name of the honeypot input (an innocuous name robots like to fill). */
export const HONEYPOT_FIELD = 'company_website';

const MAX_PAGES = 50;
const MAX_PARAMS = 20;

type Parsed = { ok: true; envelope: LeadEnvelope } | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A row id (parseRowId: 1 to 2,147,483,647, past which the database refuses the query), none, or false. */
function rowId(value: unknown): number | undefined | false {
  if (value === undefined || value === null || value === '') return undefined;
  return parseRowId(value) ?? false;
}

/** Checks the envelope's shape with messages a developer calling the API can act on. */
export function parseLeadEnvelope(body: unknown): Parsed {
  if (!isRecord(body))
    return {
      ok: false,
      error: 'Send a JSON object like {"form": "general-enquiry", "idempotencyKey": "...", "userData": {...}}.',
    };
  const {
    form,
    step = 0,
    isLastStep,
    lead_id: leadId,
    idempotencyKey,
    userData,
    car_id: carId,
    location_id: locationId,
    page = {},
  } = body;
  if (typeof form !== 'string' || !/^[a-z][a-z0-9-]*$/.test(form))
    return { ok: false, error: '"form" must name one of the site\'s forms, e.g. "general-enquiry".' };
  if (typeof idempotencyKey !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(idempotencyKey))
    return {
      ok: false,
      error:
        '"idempotencyKey" must be 8 to 100 letters, digits, "-" or "_", the same for every retry of one form filling.',
    };
  if (!isRecord(userData)) return { ok: false, error: '"userData" must be an object of field names and values.' };
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > 20)
    return { ok: false, error: '"step" must be a whole number from 0 (the first step).' };
  if (isLastStep !== undefined && typeof isLastStep !== 'boolean')
    return { ok: false, error: '"isLastStep" must be true or false.' };
  const lead = rowId(leadId);
  const car = rowId(carId);
  const location = rowId(locationId);
  if (lead === false) return { ok: false, error: '"lead_id" must be the lead_id an earlier step answered.' };
  if (car === false) return { ok: false, error: '"car_id" must be a car id, a whole number from 1 to 2147483647.' };
  if (location === false)
    return { ok: false, error: '"location_id" must be a location id, a whole number from 1 to 2147483647.' };
  if (!isRecord(page))
    return { ok: false, error: '"page" must be an object with url, visited_pages and linked_query_params.' };
  const visited = Array.isArray(page.visited_pages)
    ? page.visited_pages
        .filter((p): p is string => typeof p === 'string')
        .slice(-MAX_PAGES)
        .map((p) => p.slice(0, 300))
    : [];
  const params = isRecord(page.linked_query_params)
    ? Object.fromEntries(
        Object.entries(page.linked_query_params)
          .filter((e): e is [string, string] => typeof e[1] === 'string')
          .slice(0, MAX_PARAMS)
          .map(([k, v]) => [k.slice(0, 60), v.slice(0, 300)]),
      )
    : {};
  const honeypot = body[HONEYPOT_FIELD] ?? userData[HONEYPOT_FIELD];
  const rest = { ...userData };
  delete rest[HONEYPOT_FIELD];
  return {
    ok: true,
    envelope: {
      form,
      step,
      isLastStep: isLastStep ?? false,
      ...(lead ? { leadId: lead } : {}),
      idempotencyKey,
      userData: rest,
      ...(car ? { carId: car } : {}),
      ...(location ? { locationId: location } : {}),
      page: {
        url: typeof page.url === 'string' ? page.url.slice(0, 500) : '',
        visitedPages: visited,
        linkedQueryParams: params,
      },
      honeypot: typeof honeypot === 'string' ? honeypot.trim() : '',
    },
  };
}
