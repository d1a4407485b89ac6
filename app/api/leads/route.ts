/**
 * POST /api/leads: every enquiry form posts here (conversion §7 items 2, 3). The post is checked
 * with the same JSON Schema the browser used, stored in the database, and only then answered
 * with `lead_id` (or `error` and `field_errors`). Delivery to the dealer happens afterwards
 * through the outbox. Never cached.
 */
import { after } from 'next/server';
import { answer, apiCaller, jsonBody } from '@/server/http/api-request';
import { shopperDevice, withDeviceCookie } from '@/server/http/device-cookie';
import { deliverLeadsNow } from '@/server/background/lead-delivery';
import { receiveLead } from '@/services/leads';

export const dynamic = 'force-dynamic';

/** A form post is a few kilobytes; anything far larger is not a person typing. */
const MAX_BODY_BYTES = 64 * 1024;

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  const read = await jsonBody(request, MAX_BODY_BYTES);
  if (!read.ok) {
    return read.tooLarge
      ? answer(413, {
          success: false,
          error: `The form is too large to send (over ${MAX_BODY_BYTES / 1024} KB). Please shorten the message.`,
        })
      : answer(400, { success: false, error: `The form could not be read. ${read.error}` });
  }
  // Test drives are counted per browser too (issue 30 M2): the first form a browser sends gives it an id.
  const device = shopperDevice(request.headers);
  let result: Awaited<ReturnType<typeof receiveLead>>;
  try {
    result = await receiveLead({ ...caller, device: device.id, body: read.body });
  } catch (error) {
    // The form keeps the shopper's values and retries with the same key, so nothing is lost.
    console.error('Storing a lead failed', error);
    const phone = caller.tenant.contact?.phone;
    return answer(503, {
      success: false,
      error: `We could not save your enquiry just now. Please try again in a moment${phone ? ` or call us on ${phone}` : ''}.`,
    });
  }
  if (result.body.success && result.body.completed) after(() => deliverLeadsNow());
  return withDeviceCookie(answer(result.status, result.body), request, device);
}
