import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
import type { LeadTransport } from './outbox';
import type { Lead } from './types';
import { SIGNATURE_HEADER, leadWebhookPayload, signWebhook } from './webhook-signature';

const TIMEOUT_MS = 10_000;

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
    mailDir: env.LEADS_MAIL_DIR ? resolve(/*turbopackIgnore: true*/ env.LEADS_MAIL_DIR) : join(process.cwd(), 'data', 'mail'),
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
  attachments?: { filename: string; content: string; contentType: string; contentTransferEncoding?: '7bit' | 'base64' | 'quoted-printable' }[];
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
}

/**
 * Real delivery: signed JSON webhooks, e-mail through SMTP, ADF/XML by e-mail or HTTP. With no SMTP
 * server configured, e-mail is written to a local mail folder, so a lead can be followed end to
 * end on a laptop without any other service.
 */
export function createLeadTransport(options: TransportOptions): LeadTransport {
  let smtp: Transporter | undefined;
  const sendMail = async (lead: Lead, mail: Mail, kind: string): Promise<void> => {
    const message = { from: options.from, ...mail, headers: { 'X-Lead-Id': String(lead.id) } };
    if (options.smtpUrl) {
      // A stalled mail server fails within half a minute instead of holding the delivery for ten.
      smtp ??= nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
      await smtp.sendMail(message);
      return;
    }
    const local = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await local.sendMail(message);
    await mkdir(options.mailDir, { recursive: true });
    await writeFile(join(options.mailDir, `lead-${lead.id}-${kind}-${Date.now()}.eml`), info.message as Buffer);
  };

  return {
    async send(destination: ResolvedLeadDestination, lead: Lead): Promise<void> {
      const timeZone = options.timeZone ? { timeZone: options.timeZone } : {};
      switch (destination.type) {
        case 'webhook': {
          const secret = options.env[destination.secretEnv];
          if (!secret) throw new Error(`the webhook secret ${destination.secretEnv} is not set in the environment`);
          const body = leadWebhookPayload(lead);
          await post(destination.url, body, {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(Date.now() / 1000)),
            'idempotency-key': `lead-${lead.id}`,
          });
          return;
        }
        case 'email': {
          const mail = leadEmail(lead, timeZone);
          await sendMail(lead, { to: destination.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) }, 'email');
          return;
        }
        case 'adf': {
          const xml = leadToAdf(lead, timeZone);
          if (destination.url) {
            await post(destination.url, xml, { 'content-type': 'application/xml; charset=utf-8', 'idempotency-key': `lead-${lead.id}` });
            return;
          }
          // ADF mailboxes read the XML as the body; the attachment keeps it byte for byte (7bit) for parsers that read files.
          const subject = `ADF lead ${lead.id} from ${lead.siteName}`;
          await sendMail(lead, { to: destination.to ?? [], subject, text: xml, attachments: [{ filename: `lead-${lead.id}.xml`, content: xml, contentType: 'application/xml', contentTransferEncoding: '7bit' }] }, 'adf');
          return;
        }
      }
    },
  };
}
