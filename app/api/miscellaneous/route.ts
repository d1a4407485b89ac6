/**
 * POST /api/miscellaneous (conversion §7 item 5): attaches a named value to one of this site's
 * leads, e.g. {lead_id, column_name: "valuation", value}. The page only logs a failure (conversion §8).
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { getDatabase } from '@/services/db/database';
import { MISC_COLUMNS, saveLeadMisc } from '@/services/leads/lead-store';

export const dynamic = 'force-dynamic';

const answer = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function POST(request: Request) {
  const tenant = getTenant((await headers()).get(TENANT_HEADER) ?? '');
  if (!tenant) return answer(404, { success: false, error: 'Unknown site' });
  const text = await request.text();
  if (text.length > 16_000) return answer(413, { success: false, error: 'Too large' });
  let body: { lead_id?: unknown; column_name?: unknown; value?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return answer(400, { success: false, error: 'Send JSON like {"lead_id": 1, "column_name": "valuation", "value": {...}}' });
  }
  const column = MISC_COLUMNS.find((c) => c === body.column_name);
  if (!column) return answer(400, { success: false, error: `column_name must be one of: ${MISC_COLUMNS.join(', ')}` });
  if (typeof body.lead_id !== 'number' || !Number.isInteger(body.lead_id)) return answer(400, { success: false, error: 'lead_id must be the lead the page was given' });
  const saved = await saveLeadMisc(await getDatabase(), tenant.slug, body.lead_id, column, body.value ?? null, new Date());
  return saved ? answer(200, { success: true }) : answer(404, { success: false, error: 'No such lead on this site' });
}
