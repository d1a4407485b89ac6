/**
 * POST /api/miscellaneous (conversion §7 item 5): attaches a named value to one of this site's
 * leads, e.g. {lead_id, idempotencyKey, column_name: "valuation", value}; only the filling that made
 * the lead (it alone knows the key) may add to it, also after the lead completed. The value is kept
 * as the shopper's (labelled so for the dealer) and never replaces the server's own valuation; one
 * that would take the lead over its size cap is refused (413). The page only logs a failure
 * (conversion §8). Never cached.
 */
import { answer, apiCaller, jsonBody } from '@/server/http/api-request';
import { parseRowId } from '@/domain/ids';
import { getDatabase } from '@/services/db/database';
import { MAX_LEAD_BYTES, MAX_MISC_VALUE_CHARS, MISC_COLUMNS, saveLeadMisc } from '@/services/leads/lead-store';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  const read = await jsonBody(request, 16_000);
  if (!read.ok)
    return answer(read.tooLarge ? 413 : 400, {
      success: false,
      error: `${read.error} Send JSON like {"lead_id": 1, "column_name": "valuation", "value": {...}}`,
    });
  const body = (read.body && typeof read.body === 'object' ? read.body : {}) as {
    lead_id?: unknown;
    idempotencyKey?: unknown;
    column_name?: unknown;
    value?: unknown;
  };
  const column = MISC_COLUMNS.find((c) => c === body.column_name);
  if (!column) return answer(400, { success: false, error: `column_name must be one of: ${MISC_COLUMNS.join(', ')}` });
  // A number past a database id (parseRowId) is refused here, not by the database.
  const leadId = typeof body.lead_id === 'number' ? parseRowId(body.lead_id) : undefined;
  if (leadId === undefined)
    return answer(400, { success: false, error: 'lead_id must be the lead the page was given' });
  const key = body.idempotencyKey;
  if (typeof key !== 'string' || !key)
    return answer(400, { success: false, error: 'idempotencyKey must be the key the form posted the lead with' });
  let saved: Awaited<ReturnType<typeof saveLeadMisc>>;
  try {
    saved = await saveLeadMisc(
      await getDatabase(),
      caller.tenant.slug,
      leadId,
      column,
      body.value ?? null,
      new Date(),
      key,
    );
  } catch (error) {
    console.error('Attaching a value to a lead failed', error);
    return answer(503, {
      success: false,
      error: 'The value could not be saved just now. Please try again in a moment.',
    });
  }
  if (saved === 'too_large')
    return answer(413, {
      success: false,
      error: `The value is too large to keep with the enquiry (over ${MAX_MISC_VALUE_CHARS} characters, or over ${MAX_LEAD_BYTES / 1024} KB for the whole enquiry).`,
    });
  return saved === 'saved'
    ? answer(200, { success: true })
    : answer(404, { success: false, error: 'No such lead on this site' });
}
