/**
 * What every Studio API call checks before its own work, on the server (issue 16): the Studio's
 * host (404 elsewhere), the method (405), a change only from a Studio page (CSRF, 403), a staff
 * session (401), and for a site's calls the site (404) and the staff member's grant (403). Bodies
 * are JSON objects of bounded size (400, 413), and a database that fails is a 503 with a sentence,
 * never a bare 500.
 */
import { answer, fromThisSite, jsonBody } from '../../server/http/api-request';
import { studioOrigin } from '../../domain/studio/studio-host';
import { canEditSite } from '../../domain/studio/roles';
import { isPlainObject } from '../../engine/merge';
import { staffSession, type StaffSession } from '../../services/staff-auth/staff-session';
import { findEditableSite, type EditableSite } from '../site-documents';

/** Why a call is refused: the answer to send. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  response(): Response {
    const response = answer(this.status, { message: this.message, ...this.extra });
    for (const [name, value] of Object.entries(this.headers)) response.headers.set(name, value);
    return response;
  }
}

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** The staff member making a call on the Studio's host with the right method, or the refusal. */
export async function studioCaller(request: Request, method: Method): Promise<StaffSession> {
  if (!studioOrigin(request.headers.get('host'))) throw new Refusal(404, 'Not found.');
  // Next answers HEAD with the GET handler.
  const allowed = method === 'GET' ? ['GET', 'HEAD'] : [method];
  if (!allowed.includes(request.method))
    throw new Refusal(405, `Use ${method} for this call.`, {}, { allow: allowed.join(', ') });
  if (method !== 'GET' && !fromThisSite(request)) throw new Refusal(403, 'Make changes from a Studio page.');
  const staff = await staffSession(request.headers);
  if (!staff) throw new Refusal(401, 'Sign in to the Studio first.');
  return staff;
}

/** The staff member and the site of a call about one site, when the site exists and is in their grant. */
export async function siteCaller(
  request: Request,
  slug: string,
  method: Method,
): Promise<{ staff: StaffSession; site: EditableSite }> {
  const staff = await studioCaller(request, method);
  const site = await findEditableSite(slug);
  if (!site) throw new Refusal(404, slug.length <= 100 ? `There is no site "${slug}".` : 'There is no such site.');
  if (!canEditSite(staff, site))
    throw new Refusal(403, `Your Studio account may not edit ${site.name}. Ask an admin for access.`);
  return { staff, site };
}

/** A tenant document with room to spare (the largest is about 60 KB). */
export const MAX_DOCUMENT_BODY_BYTES = 512 * 1024;

/** The request's JSON object body, or the refusal (not JSON, too large, too deep, not an object). */
export async function objectBody(request: Request): Promise<Record<string, unknown>> {
  const read = await jsonBody(request, MAX_DOCUMENT_BODY_BYTES);
  if (!read.ok) throw new Refusal(read.tooLarge ? 413 : 400, read.error);
  if (!isPlainObject(read.body)) throw new Refusal(400, 'Send a JSON object.');
  return read.body;
}

/** A positive whole number (a version id, a limit), from a body's number or a query string's digits. */
export function wholeNumberOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/**
 * Runs a handler: a Refusal becomes its answer, and anything else that fails (the database, say)
 * is logged and answered 503 with a sentence.
 */
export async function studioCall(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) return error.response();
    console.error('Studio API call failed', error);
    return answer(503, { message: 'The Studio cannot do this just now. Please try again in a moment.' });
  }
}
