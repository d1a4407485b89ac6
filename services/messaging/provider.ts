import { HONEYPOT_FIELD } from '../../domain/forms/lead-envelope';
import { INSTANT_MESSAGE_FORM, type InstantMessageInput } from '../../domain/messaging';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { LeadAnswer, LeadRequest } from '../leads';

/** One chat-bubble message on its way to the dealer, with who sent it. */
export interface InstantMessage extends InstantMessageInput {
  tenant: ResolvedTenant;
  ip?: string;
  userAgent?: string;
  referer?: string;
  host?: string;
}

/** Passing a stored message on to an outside chat service: done, or why not. */
export type ForwardResult = { ok: true } | { ok: false; error: string };

export interface MessageResult {
  /** The leads pipeline's answer: every provider stores the message as a lead first. */
  lead: LeadAnswer;
  /** Only for providers that pass the message on to another service. */
  forward?: ForwardResult;
}

/**
 * Where instant messages go (conversion §1 messaging service). Every provider stores the message
 * as an 'Instant Message' lead before anything else, so a failing outside service loses nothing.
 */
export interface MessagingProvider {
  readonly kind: 'embedded' | 'http';
  send(message: InstantMessage): Promise<MessageResult>;
}

/** Stores one form post through the leads pipeline (receiveLead on the process database). */
export type StoreLead = (request: LeadRequest) => Promise<LeadAnswer>;

/** The lead envelope of a message: the tenant's instant-message form, the car when there is one. */
export function messageEnvelope(message: InstantMessage): Record<string, unknown> {
  return {
    form: INSTANT_MESSAGE_FORM,
    step: 0,
    isLastStep: true,
    idempotencyKey: message.idempotencyKey,
    userData: {
      name: message.name,
      phone: message.phone,
      email: message.email,
      message: message.message,
      [HONEYPOT_FIELD]: message.honeypot,
    },
    ...(message.carId ? { car_id: message.carId } : {}),
    page: { url: message.pageUrl },
  };
}

/**
 * The embedded provider: the message becomes an 'Instant Message' lead (category from the tenant's
 * instant-message form) and the outbox delivers it to the dealer like any other enquiry.
 */
export function createEmbeddedProvider(storeLead: StoreLead): MessagingProvider {
  return {
    kind: 'embedded',
    async send(message) {
      const { tenant, ip, userAgent, referer, host } = message;
      const lead = await storeLead({
        tenant,
        body: messageEnvelope(message),
        ...(ip ? { ip } : {}),
        ...(userAgent ? { userAgent } : {}),
        ...(referer ? { referer } : {}),
        ...(host ? { host } : {}),
      });
      return { lead };
    },
  };
}
