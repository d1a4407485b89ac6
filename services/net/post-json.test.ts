import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson, PostJsonError, type PostJsonOptions } from './post-json';

let servers: Server[] = [];
afterEach(async () => {
  for (const server of servers)
    await new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  servers = [];
});

/** A receiver on 127.0.0.1 that keeps what reached it; `answer` false leaves every request hanging. */
async function receiver(answer: number | false): Promise<{ port: number; received: IncomingMessage[] }> {
  const received: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    received.push(req);
    req.resume();
    if (answer !== false) req.on('end', () => res.writeHead(answer).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, received };
}

const base: PostJsonOptions = { headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 5_000 };

async function failure(post: Promise<number>): Promise<{ kind: string; message: string }> {
  try {
    await post;
  } catch (error) {
    if (error instanceof PostJsonError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('the post went through');
}

describe('postJson: a tenant-set address reaches only the public internet', () => {
  it('refuses a name that resolves to a private address when it connects (DNS rebinding), sending nothing', async () => {
    const local = await receiver(200);
    const url = `http://hooks.dealer.example:${local.port}/leads`;
    for (const addresses of [
      [{ address: '127.0.0.1', family: 4 }],
      // One public address beside a private one is not enough: the socket may take either.
      [
        { address: '203.0.114.7', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
      [{ address: '::ffff:127.0.0.1', family: 6 }],
    ]) {
      const private_ = addresses.find((a) => a.address !== '203.0.114.7')?.address;
      expect(await failure(postJson(url, { ...base, resolveAll: async () => addresses }))).toEqual({
        kind: 'private-address',
        message: `hooks.dealer.example resolves to ${private_}, not a public internet address`,
      });
    }
    expect(local.received).toHaveLength(0);
  });

  it('refuses private addresses and names before any lookup', async () => {
    let looked = 0;
    const resolveAll = async () => {
      looked++;
      return [{ address: '203.0.114.7', family: 4 }];
    };
    for (const [url, message] of [
      ['http://0x7f.1/x', '127.0.0.1 is not a public internet address'],
      ['https://[fd00:ec2::254]/x', '[fd00:ec2::254] is not a public internet address'],
      ['https://crm/x', 'crm is not a full internet name'],
      ['https://crm.dealer.local/x', 'crm.dealer.local names a private network'],
    ] as const)
      expect(await failure(postJson(url, { ...base, resolveAll }))).toEqual({ kind: 'private-address', message });
    expect(looked).toBe(0);
  });

  it('posts to a local receiver only when the caller allows private addresses (tests), and gives its status', async () => {
    const local = await receiver(202);
    expect(await postJson(`http://127.0.0.1:${local.port}/x`, { ...base, allowPrivateAddresses: true })).toBe(202);
    expect(local.received).toHaveLength(1);
  });

  it("stops when the caller gives up, with the caller's reason, and on its own time limit as a timeout", async () => {
    const hung = await receiver(false);
    const url = `http://127.0.0.1:${hung.port}/x`;
    const controller = new AbortController();
    const posting = postJson(url, { ...base, allowPrivateAddresses: true, signal: controller.signal });
    await expect.poll(() => hung.received.length).toBe(1);
    controller.abort(new Error('the delivery did not finish within 30 s'));
    await expect(posting).rejects.toThrow('the delivery did not finish within 30 s');

    expect(await failure(postJson(url, { ...base, allowPrivateAddresses: true, timeoutMs: 100 }))).toEqual({
      kind: 'timeout',
      message: 'no answer within 0.1 s',
    });
  });

  it('refuses an address with a user name or password rather than dropping them', async () => {
    expect(await failure(postJson('https://me:secret@crm.example/x', base))).toEqual({
      kind: 'bad-address',
      message: 'the address of crm.example includes a user name or password, which are never sent: leave them out',
    });
  });
});
