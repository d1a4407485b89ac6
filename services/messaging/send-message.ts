import {
  automaticReply,
  parseInstantMessage,
  AUTOMATIC_REPLY_LABEL,
  type InstantMessageInput,
} from '../../domain/messaging';
import type { FieldError } from '../../domain/forms/form-validator';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { LeadAnswer } from '../leads';
import { createHttpProvider } from './http-provider';
import { createEmbeddedProvider, type MessagingProvider, type StoreLead } from './provider';

export interface MessagingDeps {
  storeLead: StoreLead;
  env: Readonly<Record<string, string | undefined>>;
  /** Today's opening hours ('8:30 am - 5:30 pm', 'Closed') at the car's location or the site's first. */
  hoursToday(tenant: ResolvedTenant, carId: number | undefined): Promise<string | undefined>;
  /** Tests only: let the http provider reach a local server (a tenant's endpoint never may). */
  allowPrivateAddresses?: boolean;
  forwardTimeoutMs?: number;
  /** Where a failed forward is reported (the lead is stored, so the shopper is not told). */
  log?: (message: string) => void;
}

export interface MessageCaller {
  tenant: ResolvedTenant;
  body: unknown;
  ip?: string;
  userAgent?: string;
  referer?: string;
  host?: string;
}

/** The leads pipeline's refusals (bad input, rate limit, too large...) reach the bubble as they are. */
type LeadRefusal = Exclude<LeadAnswer, { status: 200 | 201 }>;

export type MessageAnswer =
  | {
      status: 200 | 201;
      body: { success: true; lead_id: number; reply?: { label: string; text: string } };
    }
  | LeadRefusal
  | { status: 400 | 404 | 422; body: { success: false; error: string; field_errors?: FieldError[] } };

/** The provider the tenant's messaging settings name; the http one stores through the embedded one first. */
export function providerFor(
  tenant: ResolvedTenant,
  deps: Pick<MessagingDeps, 'storeLead' | 'env' | 'allowPrivateAddresses' | 'forwardTimeoutMs'>,
): MessagingProvider {
  const embedded = createEmbeddedProvider(deps.storeLead);
  const { provider, endpoint, credentialEnv } = tenant.messaging;
  if (provider !== 'http') return embedded;
  return createHttpProvider(
    {
      // The schema requires both for 'http'; an empty value still stores the lead and reports why it was not passed on.
      endpoint: endpoint ?? '',
      credentialEnv: credentialEnv ?? '',
      env: deps.env,
      ...(deps.allowPrivateAddresses ? { allowPrivateAddresses: true } : {}),
      ...(deps.forwardTimeoutMs ? { timeoutMs: deps.forwardTimeoutMs } : {}),
    },
    embedded,
  );
}

/**
 * One chat-bubble post (conversion §1, §4.8): checked, stored as an 'Instant Message' lead through
 * the leads pipeline, passed on by the site's provider, and answered with the automatic reply when
 * the site's autobot is on.
 */
export async function sendInstantMessage(deps: MessagingDeps, caller: MessageCaller): Promise<MessageAnswer> {
  const { tenant } = caller;
  if (!tenant.messaging.enabled)
    return { status: 404, body: { success: false, error: 'This site does not take instant messages.' } };
  const parsed = parseInstantMessage(caller.body);
  if (!parsed.ok)
    return parsed.fieldErrors
      ? { status: 422, body: { success: false, error: parsed.error, field_errors: parsed.fieldErrors } }
      : { status: 400, body: { success: false, error: parsed.error } };
  const input: InstantMessageInput = parsed.message;
  const { ip, userAgent, referer, host } = caller;
  const { lead, forward } = await providerFor(tenant, deps).send({
    ...input,
    tenant,
    ...(ip ? { ip } : {}),
    ...(userAgent ? { userAgent } : {}),
    ...(referer ? { referer } : {}),
    ...(host ? { host } : {}),
  });
  if (forward && !forward.ok)
    (deps.log ?? console.error)(
      `Instant message lead ${lead.body.success ? lead.body.lead_id : '?'} of ${tenant.slug} was stored but not passed on: ${forward.error}`,
    );
  if (lead.status !== 200 && lead.status !== 201) return lead;
  const reply = tenant.messaging.autobot
    ? {
        label: AUTOMATIC_REPLY_LABEL,
        text: automaticReply({
          name: input.name,
          dealer: tenant.name,
          phone: input.phone,
          email: input.email,
          hoursToday: await deps.hoursToday(tenant, input.carId).catch(() => undefined),
        }),
      }
    : undefined;
  return {
    status: lead.status,
    body: { success: true, lead_id: lead.body.lead_id, ...(reply ? { reply } : {}) },
  };
}
