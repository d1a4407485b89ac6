import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { Location } from '../../services/stock';
import { bookingHref, locationCard } from './locations-data';

const registry = loadTenantRegistry();
function tenant(slug: string): ResolvedTenant {
  const entry = registry.tenants.get(slug);
  if (!entry?.ok) throw new Error(`demo tenant ${slug} is needed`);
  return entry.config as ResolvedTenant;
}
const service = (id: number, dealership_id: number): Location =>
  ({ id, dealership_id, name: `Service ${id}`, slug: `service-${id}`, location_type: 'service' }) as Location;

describe("'Book a Service' on the demo sites", () => {
  // spec: conversion §1 xtime_url (migrated to contact.serviceBookingUrl); catalogue §2 'Book a Service'.
  it("the Mazda dealer's migrated booking system, on its service location and its location page", () => {
    const mazda = tenant('harbour-city-mazda');
    expect(locationCard(mazda, service(2, 1), undefined).bookingHref).toBe(
      'https://booking.example.com/harbour-city-mazda',
    );
    expect(bookingHref(mazda, 2)).toBe('https://booking.example.com/harbour-city-mazda');
  });

  it("the group's Adelaide workshop has its own booking address; its other service locations go to /service", () => {
    const group = tenant('southern-cross-motors');
    expect(locationCard(group, service(114, 5), undefined).bookingHref).toBe(
      'https://booking.example.com/southern-cross-adelaide',
    );
    expect(locationCard(group, service(105, 2), undefined).bookingHref).toBe('/service');
  });

  it('a location that offers no service has no Book a Service button', () => {
    const sales = { ...service(1, 1), location_type: 'sales' } as Location;
    expect(locationCard(tenant('harbour-city-mazda'), sales, undefined).bookingHref).toBeUndefined();
  });
});
