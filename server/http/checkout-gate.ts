import type { ResolvedTenant } from '../../schemas/types.generated';
import { backFromReferer, gateDecision, type GateDecision } from '../../domain/accounts/gating';
import { pageGate, resolvePage } from '../../engine/resolve-page';

/**
 * Whether this visitor may reserve this car (POST /api/reservations, issue 14): the same sign-in
 * gate as the site's reserve page for the car, /cars/:slug/checkout (or /cars/:slug/buy-online
 * where the site has no checkout page), from the template's `signIn` and the tenant's
 * `accounts.gates` (conversion §4.7, §6: checkout is gated on some sites). The car is loaded, so a
 * gate that waits for the car applies. Signed-in visitors, and sites that do not gate checkout,
 * are let through.
 */
export function checkoutGateDecision(
  tenant: ResolvedTenant,
  car: { slug: string; nvic?: string | null },
  visitor: { signedIn: boolean; referer?: string | null; host?: string | null },
): GateDecision {
  for (const path of [`/cars/${car.slug}/checkout`, `/cars/${car.slug}/buy-online`]) {
    const resolved = resolvePage(tenant, path);
    if (!resolved) continue;
    return gateDecision({
      gate: pageGate(tenant, resolved),
      features: tenant.features,
      signedIn: visitor.signedIn,
      car: { loaded: true, nvic: car.nvic ?? null },
      path,
      back: backFromReferer(visitor.referer, visitor.host),
    });
  }
  return { kind: 'open' };
}
