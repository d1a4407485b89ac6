import { appendFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One sign-in message: a one-time code by e-mail or SMS, or an account notice by e-mail. */
export type AccountMessage =
  | { channel: 'email'; site: string; to: string; subject: string; text: string }
  | { channel: 'sms'; site: string; to: string; text: string };

/** Where sign-in codes go. The embedded default writes them to the server log (and a file for tests). */
export interface MessageSender {
  send(message: AccountMessage): Promise<void>;
}

const TIMEOUT_MS = 10_000;

export interface SenderOptions {
  /** smtp://… for e-mail; without it e-mail goes to the log. */
  smtpUrl?: string;
  from: string;
  /** An HTTP endpoint that sends SMS: POST JSON { to, text, site }. Without it SMS goes to the log. */
  smsUrl?: string;
  /** Also append every logged message as a JSON line to <dir>/account-messages.jsonl (tests read codes there). */
  logDir?: string;
  /** Whether codes may go to the log. In production only with ACCOUNT_CODES_IN_LOG=1 (demo and test servers). */
  logAllowed: boolean;
  log: (line: string) => void;
}

export function senderOptionsFromEnv(env = process.env): SenderOptions {
  return {
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    ...(env.SMS_URL ? { smsUrl: env.SMS_URL } : {}),
    ...(env.AUTH_MESSAGES_DIR ? { logDir: resolve(/*turbopackIgnore: true*/ env.AUTH_MESSAGES_DIR) } : {}),
    from: env.ACCOUNTS_MAIL_FROM || 'Your account <accounts@dealer-platform.localhost>',
    logAllowed: env.NODE_ENV !== 'production' || env.ACCOUNT_CODES_IN_LOG === '1',
    log: (line) => console.info(line),
  };
}

export const MESSAGES_FILE = 'account-messages.jsonl';

/**
 * E-mail through SMTP and SMS through an HTTP gateway when configured; otherwise the embedded
 * default: the message is written to the server log, so sign-in by code can be tried on a laptop.
 */
export function createMessageSender(options: SenderOptions): MessageSender {
  let smtp: Transporter | undefined;
  const logMessage = async (message: AccountMessage) => {
    const body = message.channel === 'email' ? `${message.subject}\n${message.text}` : message.text;
    options.log(`[accounts] ${message.channel} for ${message.to} (${message.site}):\n${body}`);
    if (options.logDir) {
      await mkdir(options.logDir, { recursive: true });
      await appendFile(
        join(options.logDir, MESSAGES_FILE),
        `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`,
      );
    }
  };
  return {
    async send(message) {
      if (message.channel === 'email' && options.smtpUrl) {
        smtp ??= nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        });
        await smtp.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
        return;
      }
      if (message.channel === 'sms' && options.smsUrl) {
        const response = await fetch(options.smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.to, text: message.text, site: message.site }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
        return;
      }
      // A code in a production log would let anyone who reads the log into the account.
      if (!options.logAllowed)
        throw new Error(
          `No ${message.channel === 'sms' ? 'SMS gateway (SMS_URL)' : 'mail server (SMTP_URL)'} is configured to send sign-in codes.`,
        );
      await logMessage(message);
    },
  };
}
