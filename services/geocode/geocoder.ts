/**
 * Postcode geocoding behind one interface (conversion §7 item 6: "GET maps geocode by postal_code
 * and country AU; reads results[0].geometry.location {lat, lng}"): an embedded default on an
 * offline postcode dataset and an HTTP provider, chosen by getGeocoder().
 */
import type { LatLng } from '../../domain/locations/distance';

export type { LatLng };

// spec: conversion §5.1 and §8 — "Geocode without result: Fails with 'Invalid postcode'".
export const INVALID_POSTCODE = 'Invalid postcode';

export interface Geocoder {
  /**
   * The centre of an Australian postcode, or null when there is none (unknown or malformed
   * postcode). Rejects only when the provider itself fails, so callers can tell a shopper's typo
   * from an outage.
   */
  geocodePostcode(postcode: string): Promise<LatLng | null>;
}

/** Thrown by locatePostcode; `message` is the spec's text, fit to show to the shopper. */
export class InvalidPostcodeError extends Error {
  constructor(readonly postcode: string) {
    super(INVALID_POSTCODE);
    this.name = 'InvalidPostcodeError';
  }
}

/** A postcode as the enquiry form accepts it (conversion §5.1: exactly 4 digits), trimmed; else undefined. */
export function normalisePostcode(postcode: string): string | undefined {
  const trimmed = postcode.trim();
  return /^\d{4}$/.test(trimmed) ? trimmed : undefined;
}

/** The postcode's coordinates, failing with 'Invalid postcode' when the geocoder has none. */
export async function locatePostcode(geocoder: Geocoder, postcode: string): Promise<LatLng> {
  const at = await geocoder.geocodePostcode(postcode);
  if (!at) throw new InvalidPostcodeError(postcode);
  return at;
}
