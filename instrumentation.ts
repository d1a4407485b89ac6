/**
 * Runs once when the server process starts: keeps internal route names out of responses, and
 * begins delivering queued leads (the outbox lives in the platform process; LEADS_OUTBOX=off
 * leaves delivery to another process).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { hideInternalHeaders } = await import('./engine/internal-headers');
  hideInternalHeaders();
  if (process.env.LEADS_OUTBOX === 'off') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startLeadDelivery } = await import('./engine/lead-delivery');
  startLeadDelivery();
}
