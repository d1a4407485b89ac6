/**
 * Spans for the platform's own work (issue 35): stock searches, database queries and calls to other
 * services (webhooks and gateways over HTTP, SMTP relays, feed downloads). Next adds its own (the
 * request and each render) once a tracer is registered, which server/operations/tracing.ts does only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Without it every call here runs its work and nothing else.
 */
import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

const ENABLED = Symbol.for('dealer-platform.tracing-enabled');

/** Whether spans are being recorded in this process (set once at start-up). */
export function tracingEnabled(): boolean {
  return (globalThis as { [ENABLED]?: boolean })[ENABLED] === true;
}

export function markTracingEnabled(): void {
  (globalThis as { [ENABLED]?: boolean })[ENABLED] = true;
}

export type SpanSort = 'internal' | 'client';

/**
 * Runs `work` inside a span named `name` (ended when it settles; an error is recorded on it and
 * rethrown). When tracing is off, only `work` runs.
 */
export function traced<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  sort: SpanSort = 'internal',
): Promise<T> {
  if (!tracingEnabled()) return work();
  return trace
    .getTracer('dealer-platform')
    .startActiveSpan(
      name,
      { attributes, kind: sort === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL },
      async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          throw error;
        } finally {
          span.end();
        }
      },
    );
}

/** An address as a span may carry it: no user name, password or query (they may hold credentials). */
export function spanUrl(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'not a web address';
  }
}
