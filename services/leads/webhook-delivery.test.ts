import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { sampleLead } from './sample-lead';
import { createLeadTransport } from './transports';
import { SIGNATURE_HEADER, leadWebhookPayload, standardWebhookSecret, verifyWebhook } from './webhook-signature';

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

/** A receiver that keeps what it was sent, as the dealer's CRM would get it. */
async function receiver(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  closers.push(() => new Promise<void>((done) => server.close(() => done())));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/leads`, received };
}

/** Node gives header values as string | string[]; the library takes strings. */
function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

const lead = sampleLead({ fields: { name: 'Zoë', message: 'Quote "this" </script> & é' } });

async function deliver(secret: string): Promise<Received> {
  const hook = await receiver();
  const destination: ResolvedLeadDestination = {
    type: 'webhook',
    url: hook.url,
    secretEnv: 'LEAD_WEBHOOK_HARBOUR_MOTORS__HOOK',
  };
  await createLeadTransport({
    env: { LEAD_WEBHOOK_HARBOUR_MOTORS__HOOK: secret },
    mailDir: '/nonexistent',
    from: 'x@test.example',
    // A local receiver; a site's own address may never be a loopback one (transports.test.ts).
    allowPrivateAddresses: true,
  }).send(destination, lead, new AbortController().signal);
  const [sent] = hook.received;
  if (!sent) throw new Error('the receiver got nothing');
  return sent;
}

describe('a delivered lead webhook, checked with the standardwebhooks library', () => {
  it('verifies with new Webhook(secret) when the secret is already whsec_ + base64', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const sent = await deliver(secret);
    expect(sent.body).toBe(leadWebhookPayload(lead));
    expect(new Webhook(secret).verify(sent.body, headerRecord(sent.headers))).toEqual(JSON.parse(sent.body));
    expect(sent.headers['webhook-id']).toBe('lead-4211');
    expect(sent.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    expect(Math.abs(Number(sent.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('verifies with whsec_ + base64 of any other secret, the same key the old header uses', async () => {
    const secret = 's3cret-from-before';
    const sent = await deliver(secret);
    const whsec = `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
    expect(standardWebhookSecret(secret)).toBe(whsec);
    expect(() => new Webhook(whsec).verify(sent.body, headerRecord(sent.headers))).not.toThrow();
    expect(() => new Webhook(standardWebhookSecret('another')).verify(sent.body, headerRecord(sent.headers))).toThrow(
      WebhookVerificationError,
    );
  });

  it('fails when the body was tampered with', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const sent = await deliver(secret);
    const headers = headerRecord(sent.headers);
    const webhook = new Webhook(secret);
    expect(() => webhook.verify(sent.body.replace('"id":4211', '"id":4212'), headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => webhook.verify(`${sent.body} `, headers)).toThrow(WebhookVerificationError);
    // The id and timestamp are signed too: moving either breaks the signature.
    expect(() => webhook.verify(sent.body, { ...headers, 'webhook-id': 'lead-1' })).toThrow(WebhookVerificationError);
    expect(() =>
      webhook.verify(sent.body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) }),
    ).toThrow(WebhookVerificationError);
  });

  it('still carries the old x-platform-signature header for this version, verifiable as before', async () => {
    const secret = 's3cret-from-before';
    const sent = await deliver(secret);
    const old = sent.headers[SIGNATURE_HEADER];
    expect(old).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(old).toContain(`t=${String(sent.headers['webhook-timestamp'])},`);
    expect(verifyWebhook(secret, sent.body, String(old), Math.floor(Date.now() / 1000))).toBe(true);
    expect(sent.headers['idempotency-key']).toBe('lead-4211');
  });

  it('sends the same webhook-id when the lead is sent again, so receivers can drop the repeat', async () => {
    const first = await deliver('s3cret');
    const again = await deliver('s3cret');
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
  });
});
