/**
 * Liveness for load balancers and the test runner, on any host (the proxy skips it), never cached.
 * Anyone gets `{"status":"ok"}` (200) or `{"status":"unavailable"}` (503: the database cannot be
 * read); the platform's details (sites served, the lead outbox, the search index, failing feeds) only
 * with `Authorization: Bearer <HEALTH_TOKEN>` (server/http/health.ts, issue 30 L8).
 */
import { healthResponse } from '@/server/http/health';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return healthResponse(request);
}
