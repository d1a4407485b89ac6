/**
 * Runs once when the server process starts: keeps internal route names out of responses, reads
 * the tenant versions published in the database and follows their changes, and begins delivering queued leads (the outbox lives in the platform process; LEADS_OUTBOX=off
 * leaves delivery to another process) and releasing unpaid reservation holds that have run out, and,
 * with FEED_SCHEDULER=on, pulls dealerships' stock feeds when they are due.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Traces, first, so every span after is recorded: only with OTEL_EXPORTER_OTLP_ENDPOINT (server/operations/tracing.ts).
  if (process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startTracing } = await import('./server/operations/tracing');
    startTracing();
  }
  const { hideInternalHeaders } = await import('./server/http/internal-headers');
  hideInternalHeaders();
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // Refuse to start on settings that would misbehave only later, under load or across servers.
  const { refuseToStartOnProblems } = await import('./server/startup-checks');
  refuseToStartOnProblems();
  // The response caches in front of Next (scripts/serve.mjs calls them): optimised images, and first
  // loads of a search address rendered moments ago, answered from memory (server/http/serve-hook.ts).
  const { installServeHook } = await import('./server/http/serve-hook');
  installServeHook();
  // What npm start asks before it says it is ready (/readyz) and when it stops (server/operations/lifecycle.ts).
  const { installLifecycle } = await import('./server/operations/lifecycle');
  installLifecycle();
  // The tenant documents published in the database, polled every second (TENANT_SYNC=off: files only).
  const { startTenantSync } = await import('./server/background/tenant-sync');
  await startTenantSync();
  // The stock generation, polled every second: cached pages follow stock changes made by any process.
  const { startStockSync } = await import('./server/background/stock-sync');
  await startStockSync();
  const { startHoldExpiry, startLeadDelivery } = await import('./server/background/lead-delivery');
  // Unpaid reservation holds are released when they run out (RESERVATION_EXPIRY=off: another process does it).
  startHoldExpiry();
  // Dealerships' stock feeds pulled on their schedules (FEED_SCHEDULER=on; off by default).
  const { startFeedScheduler } = await import('./server/background/feed-scheduler');
  startFeedScheduler();
  // Studio storage kept bounded: histories trimmed, unused uploads removed (STUDIO_MEDIA_COLLECTION=off: another process does it).
  const { startMediaCollection } = await import('./server/background/media-collection');
  startMediaCollection();
  // Studio publishes set for a time go live then, once across all processes (SCHEDULED_PUBLISHING=off: another process does it).
  const { startScheduledPublishing } = await import('./server/background/scheduled-publishing');
  startScheduledPublishing();
  if (process.env.LEADS_OUTBOX === 'off') return;
  startLeadDelivery();
}
