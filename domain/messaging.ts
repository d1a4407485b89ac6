/**
 * Instant messages (conversion §1 messaging-service credential and autobot switch, §4.8 chat
 * bubble; catalogue §2 'Instant Message'): what a chat-bubble post must hold before it becomes an
 * 'Instant Message' lead, and the automatic reply.
 */
import { secretNamePattern, secretNamePrefix, secretNameRefusal } from './secret-names';

// spec: catalogue §2, conversion §4.8, §9 — the bar and the chat bubble change style past 900 px of scroll.
export const CHAT_BUBBLE_SCROLL = 900;

/** The lead category and the tenant form the chat bubble posts (catalogue §2 'Instant Message'). */
export const INSTANT_MESSAGE_CATEGORY = 'Instant Message';
export const INSTANT_MESSAGE_FORM = 'instant-message';

/** The label a shopper sees on the automatic reply, so nobody takes it for a person. */
export const AUTOMATIC_REPLY_LABEL = 'Automatic reply';

export const CONTACT_NEEDED_MESSAGE = 'Please enter a phone number or an email address so we can reply.';

/**
 * The NAME of an environment variable (the tenant never holds the secret itself), always
 * MESSAGING_<SITE>__…: a tenant can never name a platform secret such as AUTH_SECRET or
 * DATABASE_URL, which the http provider would otherwise send to the tenant's endpoint, nor another
 * site's key (domain/secret-names.ts).
 */
export const CREDENTIAL_ENV_PATTERN = secretNamePattern('chat');

/** What the chat bubble posts, checked for shape; the tenant's form checks each field's content. */
export interface InstantMessageInput {
  idempotencyKey: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  carId?: number;
  pageUrl: string;
  honeypot: string;
}

export type ParsedInstantMessage =
  | { ok: true; message: InstantMessageInput }
  | { ok: false; error: string; fieldErrors?: { field: string; message: string }[] };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Reads a chat-bubble post. Shape mistakes (a caller's bug) get a developer's message; a shopper
 * who left out both phone and e-mail gets a field message, since nobody could answer them.
 */
export function parseInstantMessage(body: unknown): ParsedInstantMessage {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, error: 'Send a JSON object like {"idempotencyKey": "...", "name": "...", "message": "..."}.' };
  const record = body as Record<string, unknown>;
  const key = record.idempotencyKey;
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(key))
    return {
      ok: false,
      error: '"idempotencyKey" must be 8 to 100 letters, digits, "-" or "_", the same for every retry of one message.',
    };
  for (const field of ['name', 'phone', 'email', 'message', 'page_url', 'company_website'] as const) {
    const value = record[field];
    if (value !== undefined && value !== null && typeof value !== 'string')
      return { ok: false, error: `"${field}" must be text.` };
  }
  const rawCar = record.car_id;
  let carId: number | undefined;
  if (rawCar !== undefined && rawCar !== null && rawCar !== '') {
    const n = typeof rawCar === 'string' ? Number(rawCar) : rawCar;
    if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0)
      return { ok: false, error: '"car_id" must be a positive whole number.' };
    carId = n;
  }
  const message: InstantMessageInput = {
    idempotencyKey: key,
    name: text(record.name),
    phone: text(record.phone),
    email: text(record.email),
    message: text(record.message),
    pageUrl: text(record.page_url).slice(0, 500),
    honeypot: text(record.company_website),
    ...(carId ? { carId } : {}),
  };
  if (!message.phone && !message.email)
    return {
      ok: false,
      error: `Please fix the following errors: ${CONTACT_NEEDED_MESSAGE}`,
      fieldErrors: [{ field: 'phone', message: CONTACT_NEEDED_MESSAGE }],
    };
  return { ok: true, message };
}

/** 'Closed' and similar day texts read as a sentence rather than as hours. */
function hoursSentence(hoursToday: string | undefined): string {
  if (!hoursToday) return '';
  if (hoursToday === 'Closed') return ' We are closed today.';
  if (hoursToday === 'By appointment only') return ' Today we are open by appointment only.';
  return ` Our hours today are ${hoursToday}.`;
}

/**
 * The autobot's immediate reply (conversion §1 autobot switch): thanks the shopper by name, says
 * how the dealer will answer (by the means the shopper gave) and today's opening hours when known.
 */
export function automaticReply(input: {
  name: string;
  dealer: string;
  phone: string;
  email: string;
  hoursToday?: string;
}): string {
  const by = input.phone && input.email ? 'by SMS or e-mail' : input.phone ? 'by SMS or phone' : 'by e-mail';
  const first = input.name.split(/\s+/)[0] ?? input.name;
  return `Thanks ${first}, ${input.dealer} will reply ${by} shortly.${hoursSentence(input.hoursToday)}`;
}

/** Whether a tenant's credential setting names a chat-key variable (and not, say, a pasted key). */
export function isCredentialEnvName(name: string): boolean {
  return CREDENTIAL_ENV_PATTERN.test(name);
}

/** The start of every chat-key name a site may use: MESSAGING_<SITE>__ (harbour-city -> MESSAGING_HARBOUR_CITY__). */
export function credentialEnvPrefix(slug: string): string {
  return secretNamePrefix('chat', slug);
}

/**
 * Why a site may not use this key name, or undefined. Bound to the site's slug (which its editors
 * cannot change) so the editor of one site cannot send another site's chat key to their own address.
 */
export function credentialEnvRefusal(name: string, slug: string): string | undefined {
  return secretNameRefusal('chat', name, slug);
}
