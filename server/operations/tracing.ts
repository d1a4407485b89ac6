/**
 * OpenTelemetry traces (issue 35), started by instrumentation.ts only when OTEL_EXPORTER_OTLP_ENDPOINT
 * (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: spans go to that collector over OTLP/HTTP (JSON), in
 * batches, and the last batch is sent when the server stops. The exporter reads the standard
 * variables itself (OTEL_EXPORTER_OTLP_HEADERS for a collector's key, and so on); OTEL_SERVICE_NAME
 * names the service (default dealer-platform). Next then records its own spans (each request and
 * render), and services/tracing the platform's (search, database, outbound calls).
 */
import { hostname } from 'node:os';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { markTracingEnabled } from '../../services/tracing';

type Env = Readonly<Record<string, string | undefined>>;
const PROVIDER = Symbol.for('dealer-platform.tracer-provider');

export function tracingWanted(env: Env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Registers the tracer for this process, once; nothing when no collector is named. */
export function startTracing(env: Env = process.env): void {
  const holder = globalThis as { [PROVIDER]?: NodeTracerProvider };
  if (!tracingWanted(env) || holder[PROVIDER]) return;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'dealer-platform',
      'service.instance.id': `${hostname()}:${process.pid}`,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 1_000 })],
  });
  provider.register();
  holder[PROVIDER] = provider;
  markTracingEnabled();
  console.log(`Tracing: spans go to ${env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT}.`);
}

/** Sends the spans not yet sent and stops (a graceful shutdown). */
export async function stopTracing(): Promise<void> {
  const holder = globalThis as { [PROVIDER]?: NodeTracerProvider };
  await holder[PROVIDER]?.shutdown();
  delete holder[PROVIDER];
}
