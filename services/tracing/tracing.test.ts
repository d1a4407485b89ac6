/**
 * Traces (issue 35): with a tracer registered, searches, database queries and outbound calls are spans
 * (errors recorded on them); the statement text never carries the values bound to it; and with no
 * tracer nothing is wrapped. The export to a collector over OTLP is scripts/operations/run.ts's test.
 */
import { createServer } from 'node:http';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { freshDatabaseUrl, testDatabaseKind } from '../db/test-database';
import { postJson } from '../net/post-json';
import { markTracingEnabled, spanUrl, traced, tracingEnabled } from './index';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

describe('spans', () => {
  it('runs the work alone while tracing is off', async () => {
    expect(tracingEnabled()).toBe(false);
    expect(await traced('search', {}, async () => 42)).toBe(42);
    expect(trace.getActiveSpan()).toBeUndefined();
  });

  describe('with a tracer registered', () => {
    beforeAll(() => {
      provider.register();
      markTracingEnabled();
    });
    afterAll(() => provider.shutdown());

    it('records a span per database query, with its SQL but not its values', async () => {
      exporter.reset();
      const db = openDatabase(await freshDatabaseUrl());
      await sql`create table t (secret text)`.execute(db);
      await sql`insert into t (secret) values (${'p4ssw0rd-value'})`.execute(db);
      await db.transaction().execute(async (trx) => sql`select * from t`.execute(trx));
      await db.destroy();
      const spans = exporter.getFinishedSpans();
      const insert = spans.find((span) => span.name === 'INSERT');
      expect(insert?.attributes).toMatchObject({
        'db.system.name': testDatabaseKind() === 'sqlite' ? 'sqlite' : 'postgresql',
        'db.operation.name': 'INSERT',
        'db.query.text': `insert into t (secret) values (${testDatabaseKind() === 'sqlite' ? '?' : '$1'})`,
      });
      expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('p4ssw0rd-value');
      expect(spans.some((span) => span.name === 'SELECT')).toBe(true);
    });

    it("records an outbound POST as a client span, without the address's credentials or query", async () => {
      exporter.reset();
      const server = createServer((req, res) => {
        req.resume();
        res.statusCode = 503;
        res.end();
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        const status = await postJson(`http://127.0.0.1:${port}/hook?key=abc`, {
          body: '{}',
          headers: {},
          timeoutMs: 5_000,
          allowPrivateAddresses: true,
        });
        expect(status).toBe(503);
      } finally {
        server.close();
      }
      const [span] = exporter.getFinishedSpans();
      expect(span?.name).toBe('POST');
      expect(span?.attributes['url.full']).toBe(`http://127.0.0.1:${port}/hook`);
    });

    it('marks a span that failed, and passes the error on', async () => {
      exporter.reset();
      await expect(
        traced('search', { 'search.engine': 'embedded' }, () => Promise.reject(new Error('index gone'))),
      ).rejects.toThrow('index gone');
      const [span] = exporter.getFinishedSpans();
      expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'index gone' });
      expect(span?.events[0]?.name).toBe('exception');
    });
  });

  it('keeps only the scheme, host and path of an address', () => {
    expect(spanUrl('https://user:pw@feeds.example:8443/stock.json?token=x')).toBe(
      'https://feeds.example:8443/stock.json',
    );
    expect(spanUrl('not a url')).toBe('not a web address');
  });
});
