import { describe, expect, it } from 'vitest';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { checkoutGateDecision } from './checkout-gate';
import { loadTenantRegistry } from '../../engine/tenant-registry';

function tenant(slug: string): ResolvedTenant {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) throw new Error(`${slug} did not load`);
  return structuredClone(entry.config);
}

// Issue 14: the API answers like the checkout page (conversion §4.7, §6 "checkout (on some sites)").
describe('who may reserve a car through the API', () => {
  const car = { slug: '2022-mazda-cx-5-maxx-1234' };

  it('on a site that gates checkout, an anonymous visitor is sent to sign in and back to the car’s checkout page', () => {
    const gated = tenant('harbour-city-mazda');
    expect(
      checkoutGateDecision(gated, car, {
        signedIn: false,
        referer: 'https://hcm.example/cars/2022-mazda-cx-5-maxx-1234',
        host: 'hcm.example',
      }),
    ).toEqual({
      kind: 'signIn',
      href: '/sign-in?type=checkout&redirect=%2Fcars%2F2022-mazda-cx-5-maxx-1234%2Fcheckout&back=%2Fcars%2F2022-mazda-cx-5-maxx-1234',
    });
    expect(checkoutGateDecision(gated, car, { signedIn: true })).toEqual({ kind: 'open' });
  });

  it('is open where the site does not gate checkout, where the tenant removes the gate, and without accounts', () => {
    expect(checkoutGateDecision(tenant('southern-cross-motors'), car, { signedIn: false })).toEqual({ kind: 'open' });
    const removed = tenant('harbour-city-mazda');
    removed.accounts = {
      ...removed.accounts,
      gates: { ...removed.accounts?.gates, '/cars/:slug/checkout': null },
    } as ResolvedTenant['accounts'];
    expect(checkoutGateDecision(removed, car, { signedIn: false })).toEqual({ kind: 'open' });
    const noAccounts = tenant('harbour-city-mazda');
    noAccounts.features = { ...noAccounts.features, accounts: false };
    expect(checkoutGateDecision(noAccounts, car, { signedIn: false })).toEqual({ kind: 'open' });
  });
});
