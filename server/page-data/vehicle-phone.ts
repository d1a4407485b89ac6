/**
 * The phone number a vehicle page shows (catalogue §4 dealer phone): the site's number for the car's
 * type, else its location's, else the site's own. spec: conversion §8 — "Missing phone number | Console
 * warning only": with none, the page shows no phone button and the server logs a warning naming the
 * site and the car, once per car while this process runs (the sidebar and the mobile bar both ask).
 */
import type { FeedCar, ResolvedTenant } from '../../schemas/types.generated';
import { printPhone } from '../../services/print/price-text';

/** Cars already warned about, so a busy page does not repeat it; bounded, oldest forgotten first. */
const warned = new Set<string>();
const WARNED_MAX = 1_000;

export function vehiclePhone(
  car: Pick<FeedCar, 'car_type' | 'id' | 'slug'>,
  tenant: Pick<ResolvedTenant, 'contact' | 'slug'>,
  locationPhone: string | undefined,
  warn: (message: string) => void = console.warn,
): string | undefined {
  const phone = printPhone(car, tenant, locationPhone);
  if (phone) return phone;
  const key = `${tenant.slug}/${car.id}`;
  if (!warned.has(key)) {
    if (warned.size >= WARNED_MAX) warned.delete(warned.values().next().value ?? '');
    warned.add(key);
    warn(
      `Car ${car.id} (${car.slug}) on ${tenant.slug} has no phone number to show (none for its type, its location or the site): its page shows no phone button.`,
    );
  }
  return undefined;
}
