import { mkdir, writeFile } from 'node:fs/promises';
import { secretNameRefusal } from '../../domain/secret-names';
import { STATUS_CODES } from 'node:http';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { PostJsonError, postJson } from '../net/post-json';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
import { PermanentDeliveryError, type LeadTransport } from './outbox';
import type { Lead } from './types';
import { SIGNATURE_HEADER, leadWebhookPayload, signWebhook, standardWebhookHeaders } from './webhook-signature';
import { spanUrl, traced } from '../tracing';

/** How long a webhook or ADF endpoint may take to answer; well inside the outbox's SEND_DEADLINE_MS. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * nodemailer's defaults (2 min to connect, 10 min of silence) would let one stalled relay hold a
 * delivery far past the outbox's SEND_DEADLINE_MS. connectionTimeout also bounds the DNS lookup and
 * the greeting; socketTimeout is the longest silence once talking. Each is under the deadline, so
 * a relay that stalls is reported by nodemailer with the phase it stalled in; the deadline is left
 * for one that keeps trickling.
 */
export const SMTP_TIMEOUTS = {
  dnsTimeout: 5_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 15_000,
} as const satisfies Record<string, number>;

export interface TransportOptions {
  /** smtp://user:pass@host:port; without it mail is written to `mailDir` as .eml files. */
  smtpUrl?: string;
  mailDir: string;
  from: string;
  env: Readonly<Record<string, string | undefined>>;
  timeZone?: string;
  /** Tests only (a local receiver): a site's webhook or CRM address may never be a private or loopback one. */
  allowPrivateAddresses?: boolean;
}

/** The process environment's choices: SMTP_URL, LEADS_MAIL_DIR (default data/mail), LEADS_MAIL_FROM. */
export function transportOptionsFromEnv(env = process.env): TransportOptions {
  return {
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    mailDir: env.LEADS_MAIL_DIR
      ? resolve(/*turbopackIgnore: true*/ env.LEADS_MAIL_DIR)
      : join(process.cwd(), 'data', 'mail'),
    from: env.LEADS_MAIL_FROM || 'Website leads <leads@dealer-platform.localhost>',
    env,
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface Mail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: {
    filename: string;
    content: string;
    contentType: string;
    contentTransferEncoding: 'base64' | 'quoted-printable';
  }[];
}

/**
 * One webhook or ADF post through the checked poster every tenant-set address goes through: the
 * address is the site editor's choice, so a private one (127.0.0.1, 10.x, 169.254.169.254, ::1,
 * *.localhost, a name resolving to one) is refused. Sending again cannot change that, so it is a
 * permanent failure, recorded on the delivery for whoever reads `npm run leads`.
 */
async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  allowPrivateAddresses: boolean,
): Promise<void> {
  let status: number;
  try {
    status = await postJson(url, {
      headers,
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      signal,
      ...(allowPrivateAddresses ? { allowPrivateAddresses: true } : {}),
    });
  } catch (error) {
    if (!(error instanceof PostJsonError)) throw error;
    switch (error.kind) {
      case 'private-address':
        throw new PermanentDeliveryError(
          `${url} was refused and nothing was sent: ${error.message}. Leads are only sent to addresses on the public internet; correct this destination under Lead delivery in the site's settings`,
          { cause: error },
        );
      case 'bad-address':
        throw new PermanentDeliveryError(`${url} cannot be posted to: ${error.message}`, { cause: error });
      case 'timeout':
        throw new Error(`${url} did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, { cause: error });
      case 'network':
        throw new Error(`${url} could not be reached: ${error.message}`, { cause: error });
    }
  }
  if (status >= 200 && status <= 299) return;
  const answer = `${url} answered ${status} ${STATUS_CODES[status] ?? ''}`.trim();
  if (refusesForGood(status)) throw new PermanentDeliveryError(answer);
  throw new Error(answer);
}

/**
 * 4xx answers that say "later" rather than "no": Request Timeout, Too Early, Too Many Requests.
 * Every other 4xx (400 bad request, 401/403 refused, 404/410 no such endpoint, 413 too large...)
 * is the endpoint's considered answer to this very request, which sending it again would not
 * change. 5xx, and any failure to get an answer at all, may be passing.
 */
const RETRYABLE_CLIENT_ERRORS: ReadonlySet<number> = new Set([408, 425, 429]);

function refusesForGood(status: number): boolean {
  return status >= 400 && status < 500 && !RETRYABLE_CLIENT_ERRORS.has(status);
}

/**
 * Enhanced status codes (RFC 3463) that say a recipient address itself is wrong: 5.1.1 no such
 * mailbox, 5.1.2 no such domain, 5.1.3 not a valid address, 5.1.6 mailbox moved away, 5.1.10 the
 * domain accepts no mail (RFC 7505). A bare 550 or 553 without one of these is not enough: relays
 * answer those for policy refusals too (relaying denied, sender blocked), which the relay's owner
 * can lift, so such failures stay ordinary ones and are retried.
 */
const BAD_ADDRESS = /^5\d\d[ -]5\.1\.(1|2|3|6|10)\b/;

interface SmtpFailure {
  code?: unknown;
  command?: unknown;
  response?: unknown;
  rejectedErrors?: unknown;
}

function smtpResponse(error: unknown): string {
  const response = (error as SmtpFailure | null)?.response;
  return typeof response === 'string' ? response : '';
}

/**
 * Whether nodemailer's error means the stored destination can never be mailed: the relay refused
 * every recipient as a bad address, or nodemailer found no usable recipient in it at all.
 */
function isBadAddressFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const failure = error as Error & SmtpFailure;
  if (failure.code !== 'EENVELOPE') return false;
  if (failure.command === 'API') return /^(No recipients defined|Invalid recipient)/.test(error.message);
  if (failure.command !== 'RCPT TO') return false;
  const rejected = Array.isArray(failure.rejectedErrors) ? (failure.rejectedErrors as unknown[]) : [error];
  return rejected.length > 0 && rejected.every((r) => BAD_ADDRESS.test(smtpResponse(r)));
}

/** The relay connection, built in one place so its type (and its send result's) follows nodemailer's. */
function smtpTransport(url: string) {
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
}

/**
 * Real delivery: signed JSON webhooks, e-mail through SMTP, ADF/XML by e-mail or HTTP. With no SMTP
 * server configured, e-mail is written to a local mail folder, so a lead can be followed end to
 * end on a laptop without any other service.
 */
export function createLeadTransport(options: TransportOptions): LeadTransport {
  let smtp: ReturnType<typeof smtpTransport> | undefined;
  const sendMail = async (lead: Lead, mail: Mail, kind: string, signal: AbortSignal): Promise<void> => {
    const message = { from: options.from, ...mail, headers: { 'X-Lead-Id': String(lead.id) } };
    if (options.smtpUrl) {
      // nodemailer cannot cancel a send, so SMTP_TIMEOUTS are what end a stalled one.
      smtp ??= smtpTransport(options.smtpUrl);
      let rejected: string[];
      try {
        const relay = smtp;
        ({ rejected } = await traced(
          'smtp send',
          { 'lead.id': lead.id, 'lead.delivery': kind, 'server.address': spanUrl(options.smtpUrl) },
          () => relay.sendMail(message),
          'client',
        ));
      } catch (error) {
        if (isBadAddressFailure(error)) throw new PermanentDeliveryError(errorMessage(error), { cause: error });
        throw error;
      }
      // The others got it, so the delivery has succeeded; the refused addresses are worth a look.
      if (rejected.length > 0)
        console.warn(`Lead ${lead.id} ${kind} was sent, but the relay refused ${rejected.join(', ')}.`);
      return;
    }
    const local = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await local.sendMail(message);
    await mkdir(options.mailDir, { recursive: true });
    await writeFile(join(options.mailDir, `lead-${lead.id}-${kind}-${Date.now()}.eml`), info.message as Buffer, {
      signal,
    });
  };

  return {
    async send(destination: ResolvedLeadDestination, lead: Lead, signal: AbortSignal): Promise<void> {
      const timeZone = options.timeZone ? { timeZone: options.timeZone } : {};
      switch (destination.type) {
        case 'webhook': {
          // Only the site's own secret names (issue 30 M1): a document that slipped past validation
          // still cannot sign with a platform secret or another site's.
          const refusal = secretNameRefusal('webhook', destination.secretEnv, lead.tenant);
          if (refusal) throw new Error(refusal);
          const secret = options.env[destination.secretEnv];
          if (!secret) throw new Error(`the webhook secret ${destination.secretEnv} is not set in the environment`);
          const body = leadWebhookPayload(lead);
          const timestamp = Math.floor(Date.now() / 1000);
          const messageId = `lead-${lead.id}`;
          await post(
            destination.url,
            body,
            {
              'content-type': 'application/json',
              // Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature (README, Lead webhooks).
              ...standardWebhookHeaders(secret, messageId, body, timestamp),
              // The old x-platform-signature stays beside them for this version only (deprecated),
              // so receivers can move over; the next version drops it.
              [SIGNATURE_HEADER]: signWebhook(secret, body, timestamp),
              'idempotency-key': messageId,
            },
            signal,
            options.allowPrivateAddresses === true,
          );
          return;
        }
        case 'email': {
          const mail = leadEmail(lead, timeZone);
          await sendMail(
            lead,
            {
              to: destination.to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            },
            'email',
            signal,
          );
          return;
        }
        case 'adf': {
          const xml = leadToAdf(lead, timeZone);
          if (destination.url) {
            await post(
              destination.url,
              xml,
              { 'content-type': 'application/xml; charset=utf-8', 'idempotency-key': `lead-${lead.id}` },
              signal,
              options.allowPrivateAddresses === true,
            );
            return;
          }
          // ADF mailboxes read the XML as the body; the attachment is for parsers that read files.
          // It goes base64: a shopper's message is one XML line, and SMTP refuses lines over 998
          // bytes (RFC 5321 §4.5.3.1.6), while base64 decodes back to the XML byte for byte.
          const subject = `ADF lead ${lead.id} from ${lead.siteName}`;
          await sendMail(
            lead,
            {
              to: destination.to ?? [],
              subject,
              text: xml,
              attachments: [
                {
                  filename: `lead-${lead.id}.xml`,
                  content: xml,
                  contentType: 'application/xml',
                  contentTransferEncoding: 'base64',
                },
              ],
            },
            'adf',
            signal,
          );
          return;
        }
      }
    },
  };
}
