/**
 * POST /api/messages: the chat bubble posts here (conversion §1 messaging service, §4.8). The
 * message is stored as an 'Instant Message' lead through the same pipeline as POST /api/leads
 * (the tenant's instant-message form, rate limits, idempotency key, outbox delivery), passed on by
 * the site's provider, and answered with the lead id and the automatic reply when the autobot is
 * on. Never cached.
 */
import { after } from 'next/server';
import { answer, apiCaller, fromThisSite, jsonBody } from '@/server/http/api-request';
import { deliverLeadsNow } from '@/server/background/lead-delivery';
import { receiveInstantMessage } from '@/services/messaging';

export const dynamic = 'force-dynamic';

/** A chat message is at most a thousand characters; anything far larger is not a person typing. */
const MAX_BODY_BYTES = 16 * 1024;

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  // Another site's page must not post messages in a shopper's name.
  if (!fromThisSite(request))
    return answer(403, { success: false, error: 'Messages can only be sent from this site’s own pages.' });
  const read = await jsonBody(request, MAX_BODY_BYTES);
  if (!read.ok) {
    return read.tooLarge
      ? answer(413, {
          success: false,
          error: `The message is too large to send (over ${MAX_BODY_BYTES / 1024} KB). Please shorten it.`,
        })
      : answer(400, { success: false, error: `The message could not be read. ${read.error}` });
  }
  let result: Awaited<ReturnType<typeof receiveInstantMessage>>;
  try {
    result = await receiveInstantMessage({ ...caller, body: read.body });
  } catch (error) {
    // The bubble keeps the shopper's text and retries with the same key, so nothing is lost.
    console.error('Storing an instant message failed', error);
    const phone = caller.tenant.contact?.phone;
    return answer(503, {
      success: false,
      error: `We could not send your message just now. Please try again in a moment${phone ? ` or call us on ${phone}` : ''}.`,
    });
  }
  if (result.body.success) after(() => deliverLeadsNow());
  return answer(result.status, result.body);
}
