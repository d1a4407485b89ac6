import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
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
