import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
import { PermanentDeliveryError } from './outbox';
import { sampleLead } from './sample-lead';
import { createLeadTransport } from './transports';

/** RFC 5321 §4.5.3.1.6: a line is at most 998 octets before its CRLF; relays refuse or break longer ones. */
const SMTP_MAX_LINE_BYTES = 998;

// One sentence repeated, with some non-ASCII, is what a shopper pasting a long note looks like.
const LONG_MESSAGE =
  'Please call me after 5pm about finance and a trade-in — my current car is a 2015 Mazda 3. '.repeat(80);
const lead = sampleLead({ fields: { ...sampleLead().fields, message: LONG_MESSAGE } });

/** Renders the message exactly as it would go out: without SMTP_URL the transport writes the composed MIME to a file. */
async function renderedMail(destination: ResolvedLeadDestination): Promise<string> {
  const mailDir = mkdtempSync(join(tmpdir(), 'mime-'));
  try {
    await createLeadTransport({ env: {}, mailDir, from: 'leads@test.example' }).send(
      destination,
      lead,
      new AbortController().signal,
    );
    const [file] = readdirSync(mailDir);
    return readFileSync(join(mailDir, file ?? ''), 'utf8');
  } finally {
    rmSync(mailDir, { recursive: true, force: true });
  }
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Just enough MIME to find the leaf parts and their encodings; header names are lower-cased. */
function leafParts(entity: string): MimePart[] {
  const split = entity.indexOf('\n\n');
  const headerText = entity.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = entity.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of headerText.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return (
    body
      .split(`--${boundary}`)
      .slice(1, -1)
      // The line break before a boundary belongs to the boundary (RFC 2046 §5.1.1), not to the part.
      .flatMap((part) => leafParts(part.replace(/^\n/, '').replace(/\n$/, '')))
  );
}

function decode(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

function longestLineBytes(message: string): number {
  return Math.max(...message.split('\n').map((line) => Buffer.byteLength(line, 'utf8')));
}

function partOfType(parts: MimePart[], type: string): MimePart {
  const part = parts.find((p) => p.headers.get('content-type')?.toLowerCase().startsWith(type));
  if (!part) throw new Error(`no ${type} part in the message`);
  return part;
}

describe('lead e-mail MIME: long shopper messages stay within SMTP line limits', () => {
  it('the message has a line far over 998 bytes to begin with (so the checks below mean something)', () => {
    expect(longestLineBytes(leadToAdf(lead))).toBeGreaterThan(SMTP_MAX_LINE_BYTES);
  });

  it('sends the ADF attachment base64, every line within 998 bytes, decoding to the ADF XML byte for byte', async () => {
    const message = await renderedMail({ type: 'adf', to: ['crm@example.com'] });
    expect(longestLineBytes(message)).toBeLessThanOrEqual(SMTP_MAX_LINE_BYTES);
    const parts = leafParts(message);
    const attachment = partOfType(parts, 'application/xml');
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename=lead-4211\.xml/);
    expect(attachment.headers.get('content-transfer-encoding')).toBe('base64');
    expect(decode(attachment)).toBe(leadToAdf(lead));
    // The body copy that ADF mailboxes read is encoded too, and decodes to the same XML.
    const body = partOfType(parts, 'text/plain');
    expect(['quoted-printable', 'base64']).toContain(body.headers.get('content-transfer-encoding'));
    expect(decode(body)).toBe(leadToAdf(lead));
  });

  it('encodes the lead e-mail text and HTML parts so no line exceeds 998 bytes', async () => {
    const message = await renderedMail({ type: 'email', to: ['sales@example.com'] });
    expect(longestLineBytes(message)).toBeLessThanOrEqual(SMTP_MAX_LINE_BYTES);
    const parts = leafParts(message);
    const expected = leadEmail(lead);
    for (const [type, content] of [
      ['text/plain', expected.text],
      ['text/html', expected.html],
    ] as const) {
      const part = partOfType(parts, type);
      expect(['quoted-printable', 'base64']).toContain(part.headers.get('content-transfer-encoding'));
      expect(decode(part)).toBe(content);
    }
  });
});

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const close of closers) await close();
  closers = [];
});

/** The receivers below are local servers: the seam tests use to reach 127.0.0.1, which a site's address never may. */
const localReceiver = { mailDir: '/nonexistent', from: 'x@test.example', allowPrivateAddresses: true } as const;

/** A webhook endpoint that answers every request with `status`. */
async function endpoint(status: number): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  closers.push(() => new Promise<void>((done) => server.close(() => done())));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/leads`;
}

/** How a send ended: 'sent', 'permanent' (not worth retrying) or 'retry', with the reason. */
async function outcome(send: Promise<void>): Promise<string> {
  try {
    await send;
    return 'sent';
  } catch (error) {
    const kind = error instanceof PermanentDeliveryError ? 'permanent' : 'retry';
    return `${kind}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function postTo(status: number): Promise<string> {
  const url = await endpoint(status);
  const transport = createLeadTransport({ ...localReceiver, env: { LEAD_WEBHOOK_HARBOUR_MOTORS__S: 's' } });
  const result = await outcome(
    transport.send(
      { type: 'webhook', url, secretEnv: 'LEAD_WEBHOOK_HARBOUR_MOTORS__S' },
      lead,
      new AbortController().signal,
    ),
  );
  return result.replace(url, 'URL');
}

/**
 * A mail relay that refuses recipients by their local part: `<code>.<enhanced>@...`, e.g.
 * 550-5.1.1@example.com is refused with "550 5.1.1 ...", 550-none@example.com with a bare 550.
 */
async function relay(): Promise<string> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const [code, enhanced] = address.address.split('@')[0]?.split('-') ?? [];
      if (!code || code === 'ok') return callback();
      const refusal = new Error(`${enhanced === 'none' ? '' : `${enhanced} `}<${address.address}>: refused`);
      Object.assign(refusal, { responseCode: Number(code) });
      return callback(refusal);
    },
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  closers.push(() => new Promise<void>((done) => smtp.close(() => done())));
  const address = smtp.server.address();
  return `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function mailTo(smtpUrl: string, to: string[]): Promise<string> {
  const transport = createLeadTransport({ env: {}, smtpUrl, mailDir: '/nonexistent', from: 'x@test.example' });
  // The schema asks for at least one address; the transport is checked on an empty list too.
  const destination = { type: 'email', to } as ResolvedLeadDestination;
  return outcome(transport.send(destination, lead, new AbortController().signal));
}

describe('lead transports: a failure that retrying cannot fix is marked permanent', () => {
  it.each([400, 401, 403, 404, 410, 422])('a webhook answering %i has refused the lead for good', async (status) => {
    expect(await postTo(status)).toMatch(new RegExp(`^permanent: URL answered ${status}\\b`));
  });

  it.each([408, 425, 429, 500, 502, 503])('a webhook answering %i may take it later', async (status) => {
    expect(await postTo(status)).toMatch(new RegExp(`^retry: URL answered ${status}\\b`));
  });

  it('a webhook nobody answers at all may be back later', async () => {
    const transport = createLeadTransport({ ...localReceiver, env: { LEAD_WEBHOOK_HARBOUR_MOTORS__S: 's' } });
    const url = await endpoint(200);
    await Promise.all(closers.map((close) => close()));
    closers = [];
    expect(
      await outcome(
        transport.send(
          { type: 'webhook', url, secretEnv: 'LEAD_WEBHOOK_HARBOUR_MOTORS__S' },
          lead,
          new AbortController().signal,
        ),
      ),
    ).toMatch(/^retry: /);
  });

  it('a webhook address that is not a web address is refused for good', async () => {
    const transport = createLeadTransport({ ...localReceiver, env: { LEAD_WEBHOOK_HARBOUR_MOTORS__S: 's' } });
    const send = (url: string) =>
      outcome(
        transport.send(
          { type: 'webhook', url, secretEnv: 'LEAD_WEBHOOK_HARBOUR_MOTORS__S' },
          lead,
          new AbortController().signal,
        ),
      );
    expect(await send('http://user:pw@crm.example/leads')).toMatch(
      /^permanent: .*includes a user name or password, which are never sent/,
    );
    expect(await send('http://')).toMatch(/^permanent: http:\/\/ cannot be posted to: .* is not a web address/);
  });

  it('mail whose every recipient the relay calls a bad address (5.1.x) is dead; other refusals are retried', async () => {
    const smtp = await relay();
    expect(await mailTo(smtp, ['550-5.1.1@example.com'])).toMatch(
      /^permanent: .*550 5\.1\.1 <550-5\.1\.1@example\.com>/,
    );
    expect(await mailTo(smtp, ['550-5.1.1@example.com', '553-5.1.3@example.com', '550-5.1.10@example.com'])).toMatch(
      /^permanent: /,
    );
    // Busy, policy (relaying denied) and bare codes without a reason may all be lifted by the relay's owner.
    expect(await mailTo(smtp, ['450-4.2.1@example.com'])).toMatch(/^retry: .*450 4\.2\.1/);
    expect(await mailTo(smtp, ['550-5.7.1@example.com'])).toMatch(/^retry: .*550 5\.7\.1/);
    expect(await mailTo(smtp, ['550-none@example.com'])).toMatch(/^retry: .*550 <550-none@example\.com>/);
    expect(await mailTo(smtp, ['550-5.1.11@example.com'])).toMatch(/^retry: /);
    // One bad address beside one the relay may take later: not given up on.
    expect(await mailTo(smtp, ['550-5.1.1@example.com', '450-4.2.1@example.com'])).toMatch(/^retry: /);
  });

  it('mail that some recipients got is delivered, and the refused addresses are logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const smtp = await relay();
    expect(await mailTo(smtp, ['ok-x@example.com', '550-5.1.1@example.com'])).toBe('sent');
    expect(warn.mock.calls.map(String).join('\n')).toContain(
      'Lead 4211 email was sent, but the relay refused 550-5.1.1@example.com.',
    );
  });

  it('mail to a destination with no usable address is dead', async () => {
    expect(await mailTo(await relay(), [])).toMatch(/^permanent: No recipients defined/);
  });
});

// Security review (issue 20): a site's editor sets webhook and CRM addresses, so the transport as
// the server builds it (no test seam) never posts inside the platform's network.
describe('lead transports: a webhook or CRM address inside the private network is refused for good', () => {
  const serverTransport = () =>
    createLeadTransport({
      env: { LEAD_WEBHOOK_HARBOUR_MOTORS__S: 's' },
      mailDir: '/nonexistent',
      from: 'x@test.example',
    });

  it.each([
    ['http://127.0.0.1:9/leads', '127.0.0.1 is not a public internet address'],
    ['http://2130706433/leads', '127.0.0.1 is not a public internet address'],
    ['https://10.0.0.8/leads', '10.0.0.8 is not a public internet address'],
    ['http://192.168.1.20:8080/crm', '192.168.1.20 is not a public internet address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public internet address'],
    ['http://[::1]/leads', '[::1] is not a public internet address'],
    ['http://[::ffff:10.0.0.1]/leads', '[::ffff:a00:1] is not a public internet address'],
    ['http://localhost:3000/api/leads', 'localhost names a private network'],
    ['https://crm.localhost/leads', 'crm.localhost names a private network'],
    ['http://metadata.google.internal/x', 'metadata.google.internal names a private network'],
  ])('%s is refused before anything is sent', async (url, reason) => {
    expect(
      await outcome(
        serverTransport().send(
          { type: 'webhook', url, secretEnv: 'LEAD_WEBHOOK_HARBOUR_MOTORS__S' },
          lead,
          new AbortController().signal,
        ),
      ),
    ).toBe(
      `permanent: ${url} was refused and nothing was sent: ${reason}. Leads are only sent to addresses on the public internet; correct this destination under Lead delivery in the site's settings`,
    );
  });

  it('an ADF post to a private address is refused the same way', async () => {
    const url = 'http://10.20.30.40/adf';
    expect(await outcome(serverTransport().send({ type: 'adf', url }, lead, new AbortController().signal))).toMatch(
      /^permanent: http:\/\/10\.20\.30\.40\/adf was refused and nothing was sent: 10\.20\.30\.40 is not a public/,
    );
  });

  it('a local receiver really is listening, and is reached only through the test seam', async () => {
    const url = await endpoint(204);
    const send = (transport: ReturnType<typeof createLeadTransport>) =>
      outcome(
        transport.send(
          { type: 'webhook', url, secretEnv: 'LEAD_WEBHOOK_HARBOUR_MOTORS__S' },
          lead,
          new AbortController().signal,
        ),
      );
    expect(await send(serverTransport())).toMatch(/^permanent: .* was refused and nothing was sent/);
    expect(await send(createLeadTransport({ ...localReceiver, env: { LEAD_WEBHOOK_HARBOUR_MOTORS__S: 's' } }))).toBe(
      'sent',
    );
  });

  it('a public-looking name goes the ordinary way: looked up, and a failure to reach it is retried', async () => {
    // .invalid never resolves (RFC 6761), so this reaches DNS and fails there, not at the check.
    expect(
      await outcome(
        serverTransport().send(
          {
            type: 'webhook',
            url: 'https://hooks.dealer-crm.invalid/leads',
            secretEnv: 'LEAD_WEBHOOK_HARBOUR_MOTORS__S',
          },
          lead,
          new AbortController().signal,
        ),
      ),
    ).toMatch(/^retry: https:\/\/hooks\.dealer-crm\.invalid\/leads could not be reached: /);
  });
});
