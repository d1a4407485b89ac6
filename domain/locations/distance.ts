/** Nearest-location maths (conversion §9: "Earth radius 6371 km in a distance formula"). */

// spec: conversion §9 — Earth radius 6371 km in a distance formula.
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

/** What the distance sort reads of a location: the feed keeps longitude as `long` (a FeedLocation fits). */
export interface PlacedLocation {
  address?: { lat?: number | null; long?: number | null } | null;
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two points. */
export function distanceKm(from: LatLng, to: LatLng): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  // min() keeps rounding from pushing asin out of its domain for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A location's coordinates, or undefined when it has none. 0/0 counts as none: it is in the
 * Atlantic, so it can only be an unset value exported as zeros.
 */
export function locationCoordinates(location: PlacedLocation): LatLng | undefined {
  const lat = location.address?.lat;
  const lng = location.address?.long;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
    return undefined;
  if (lat === 0 && lng === 0) return undefined;
  return { lat, lng };
}

/** Distance in km from a point to a location, undefined when the location has no coordinates. */
export function distanceToLocation(location: PlacedLocation, from: LatLng): number | undefined {
  const at = locationCoordinates(location);
  return at ? distanceKm(from, at) : undefined;
}

/**
 * Locations nearest first. Locations without coordinates are kept, after all the others and in
 * their given order, so a shopper still sees every branch. Equal distances keep the given order.
 */
export function sortByDistance<T extends PlacedLocation>(locations: readonly T[], from: LatLng): T[] {
  const measured = locations.map((location, index) => ({ location, index, km: distanceToLocation(location, from) }));
  measured.sort((a, b) => {
    if (a.km === undefined || b.km === undefined) {
      if (a.km === b.km) return a.index - b.index;
      return a.km === undefined ? 1 : -1;
    }
    return a.km - b.km || a.index - b.index;
  });
  return measured.map((entry) => entry.location);
}
