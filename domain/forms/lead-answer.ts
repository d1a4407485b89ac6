/** How the enquiry form reads the lead endpoint's answer (conversion §4.1, §8). */

import { SUBMIT_FAILED_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from './form-messages';

export interface LeadAnswer {
  success?: boolean;
  lead_id?: number;
  /** A payment provider's page to continue on (reservations). */
  redirect_url?: string;
  error?: string;
  field_errors?: { field: string; message: string }[];
}

export type LeadOutcome =
  | { kind: 'accepted'; leadId: number }
  | { kind: 'failed'; message: string; fieldErrors: { field: string; message: string }[] };

/**
 * conversion §4.1: a lead_id is success. conversion §8: a failed submission shows the server's error
 * message or 'An error occurred when submitting this form'; only an answer that is neither a failure
 * nor carries a lead_id is 'An unexpected error occured'. A refused status (4xx/5xx) without a
 * message is a submission failure, not an unexpected answer.
 */
export function readLeadAnswer(status: number, answer: LeadAnswer | null): LeadOutcome {
  if (answer?.success !== false && answer?.lead_id && !answer.error)
    return { kind: 'accepted', leadId: answer.lead_id };
  const fieldErrors = answer?.field_errors ?? [];
  if (typeof answer?.error === 'string' && answer.error.trim())
    return { kind: 'failed', message: answer.error, fieldErrors };
  if (status >= 400 || answer?.success === false)
    return { kind: 'failed', message: SUBMIT_FAILED_MESSAGE, fieldErrors };
  return { kind: 'failed', message: UNEXPECTED_ANSWER_MESSAGE, fieldErrors };
}
