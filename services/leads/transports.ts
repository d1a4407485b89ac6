import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
import type { LeadTransport } from './outbox';
import type { Lead } from './types';
import { SIGNATURE_HEADER, leadWebhookPayload, signWebhook, standardWebhookHeaders } from './webhook-signature';

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

async function post(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), signal]),
      redirect: 'error',
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError')
      throw new Error(`${url} did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, { cause: error });
    throw error;
  }
  // The body is not read, so it is released at once rather than holding the connection open.
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
}

/**
 * Real delivery: signed JSON webhooks, e-mail through SMTP, ADF/XML by e-mail or HTTP. With no SMTP
 * server configured, e-mail is written to a local mail folder, so a lead can be followed end to
 * end on a laptop without any other service.
 */
export function createLeadTransport(options: TransportOptions): LeadTransport {
  let smtp: Transporter | undefined;
  const sendMail = async (lead: Lead, mail: Mail, kind: string, signal: AbortSignal): Promise<void> => {
    const message = { from: options.from, ...mail, headers: { 'X-Lead-Id': String(lead.id) } };
    if (options.smtpUrl) {
      // nodemailer cannot cancel a send, so SMTP_TIMEOUTS are what end a stalled one.
      smtp ??= nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
      await smtp.sendMail(message);
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
