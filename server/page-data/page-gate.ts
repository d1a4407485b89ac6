import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { backFromReferer, gateDecision, type GateCar } from '../../domain/accounts/gating';
import { carByRef, loadVehicle } from './vehicle-context';
import { requestUser } from './account-context';
import { pageGate, type ResolvedPage } from '../../engine/resolve-page';

/** The page's car for its gate: the route's :slug, else ?car_id= (id or slug). */
async function gateCar(
  tenant: ResolvedTenant,
  resolved: ResolvedPage,
  query: URLSearchParams,
  now: Date,
): Promise<GateCar> {
  const slug = resolved.params.slug;
  const car = slug ? (await loadVehicle(tenant, slug, now))?.car : await carByRef(tenant, query.get('car_id'));
  return car ? { loaded: true, nvic: car.nvic ?? null } : { loaded: false };
}

/**
 * Redirects to sign-in when the page is gated for this visitor (conversion §4.7); otherwise
 * returns. Gated pages are rendered per request (the proxy sends them to the /live tree).
 */
export async function enforcePageGate(
  tenant: ResolvedTenant,
  resolved: ResolvedPage,
  path: string,
  query: URLSearchParams,
  now: Date,
): Promise<void> {
  const gate = pageGate(tenant, resolved);
  if (!gate) return;
  const signedIn = (await requestUser(tenant)) !== undefined;
  if (signedIn) return;
  const search = query.toString();
  const requestHeaders = await headers();
  const decision = gateDecision({
    gate,
    features: tenant.features,
    signedIn,
    car: gate.needs ? await gateCar(tenant, resolved, query, now) : { loaded: false },
    path: `${path}${search ? `?${search}` : ''}`,
    back: backFromReferer(requestHeaders.get('referer'), requestHeaders.get('host')),
  });
  if (decision.kind === 'signIn') redirect(decision.href);
}
