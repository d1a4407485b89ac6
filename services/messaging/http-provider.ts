import { credentialEnvRefusal } from '../../domain/messaging';
import { postJson, PostJsonError } from '../net/post-json';
import type { ForwardResult, InstantMessage, MessagingProvider } from './provider';

export interface HttpProviderOptions {
  /** The outside chat service's address (https in tenant files; tests use a local http server). */
  endpoint: string;
  /** The NAME of the environment variable holding the service's key. */
  credentialEnv: string;
  env: Readonly<Record<string, string | undefined>>;
  /** A slow service must not hold the shopper's answer for long: the lead is already stored. */
  timeoutMs?: number;
  /** Tests only (a local server): a tenant's endpoint may never reach a private or loopback address. */
  allowPrivateAddresses?: boolean;
}

export const DEFAULT_FORWARD_TIMEOUT_MS = 5_000;

/** What the outside service receives: the stored lead's id and what the shopper wrote. */
export function forwardPayload(message: InstantMessage, leadId: number): Record<string, unknown> {
  return {
    lead_id: leadId,
    site: message.tenant.slug,
    dealer: message.tenant.name,
    name: message.name,
    phone: message.phone || null,
    email: message.email || null,
    message: message.message,
    car_id: message.carId ?? null,
    page_url: message.pageUrl || null,
  };
}

async function forward(options: HttpProviderOptions, message: InstantMessage, leadId: number): Promise<ForwardResult> {
  const { endpoint, credentialEnv, env } = options;
  // The name must be one of this site's own chat keys: a site's editor cannot send a platform
  // secret (AUTH_SECRET, DATABASE_URL) or another site's key to an address of their choosing.
  const refusal = credentialEnvRefusal(credentialEnv, message.tenant.slug);
  if (refusal) return { ok: false, error: refusal };
  const credential = env[credentialEnv];
  if (!credential)
    return { ok: false, error: `The chat service key is missing: set the environment variable ${credentialEnv}.` };
  const timeoutMs = options.timeoutMs ?? DEFAULT_FORWARD_TIMEOUT_MS;
  try {
    const status = await postJson(endpoint, {
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${credential}`,
        'idempotency-key': message.idempotencyKey,
      },
      body: JSON.stringify(forwardPayload(message, leadId)),
      timeoutMs,
      ...(options.allowPrivateAddresses ? { allowPrivateAddresses: true } : {}),
    });
    if (status < 200 || status > 299)
      return { ok: false, error: `The chat service at ${endpoint} answered ${status}.` };
    return { ok: true };
  } catch (error) {
    if (error instanceof PostJsonError && error.kind === 'timeout')
      return { ok: false, error: `The chat service at ${endpoint} did not answer within ${timeoutMs / 1000} s.` };
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `The chat service at ${endpoint} could not be reached: ${reason}` };
  }
}

/**
 * An outside chat service behind the messaging interface: the message is stored as a lead by
 * `store` first (so the outbox still delivers it if the service fails), then posted as JSON with
 * the key from the environment. Only a newly stored message is passed on, so a retried post
 * does not reach the service twice.
 */
export function createHttpProvider(options: HttpProviderOptions, store: MessagingProvider): MessagingProvider {
  return {
    kind: 'http',
    async send(message) {
      const { lead } = await store.send(message);
      // A robot's post (the honeypot filled) is stored as spam and goes no further.
      if (lead.status !== 201 || !lead.body.success || message.honeypot) return { lead };
      return { lead, forward: await forward(options, message, lead.body.lead_id) };
    },
  };
}
