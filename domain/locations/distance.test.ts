import { describe, expect, it } from 'vitest';
import { distanceKm, distanceToLocation, EARTH_RADIUS_KM, sortByDistance } from './distance';

const sydney = { lat: -33.8688, lng: 151.2093 };
const melbourne = { lat: -37.8136, lng: 144.9631 };
const perth = { lat: -31.9523, lng: 115.8613 };

const placed = (name: string, lat?: number, long?: number) => ({
  name,
  address: lat === undefined ? undefined : { lat, long },
});

describe('haversine distance', () => {
  // spec: conversion §9 — "Earth radius 6371 km in a distance formula".
  it('uses an Earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // One degree of latitude along a meridian is exactly radius × π / 180.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((6371 * Math.PI) / 180, 9);
  });

  it('gives the great-circle distance between Australian cities', () => {
    expect(distanceKm(sydney, melbourne)).toBeGreaterThan(712);
    expect(distanceKm(sydney, melbourne)).toBeLessThan(715);
    expect(distanceKm(sydney, perth)).toBeGreaterThan(3280);
    expect(distanceKm(sydney, perth)).toBeLessThan(3300);
  });

  it('is symmetric and zero for the same point', () => {
    expect(distanceKm(sydney, melbourne)).toBeCloseTo(distanceKm(melbourne, sydney), 9);
    expect(distanceKm(sydney, sydney)).toBe(0);
  });

  it('stays finite for antipodal points', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });
});

describe('nearest locations', () => {
  const alexandria = placed('Alexandria', -33.9041, 151.1989);
  const parramatta = placed('Parramatta', -33.8048, 151.0035);
  const moorabbin = placed('Moorabbin', -37.9354, 145.0382);
  const unplaced = placed('No coordinates');
  const zeroed = placed('Zeros', 0, 0);

  it('orders locations nearest first from the geocoded point', () => {
    const fromParramatta = { lat: -33.81, lng: 151.0 };
    expect(sortByDistance([moorabbin, alexandria, parramatta], fromParramatta).map((l) => l.name)).toEqual([
      'Parramatta',
      'Alexandria',
      'Moorabbin',
    ]);
  });

  it('keeps locations without coordinates, at the end, in their given order', () => {
    const sorted = sortByDistance([unplaced, moorabbin, zeroed, alexandria], sydney);
    expect(sorted.map((l) => l.name)).toEqual(['Alexandria', 'Moorabbin', 'No coordinates', 'Zeros']);
  });

  it('measures to a location, undefined without coordinates', () => {
    expect(distanceToLocation(alexandria, sydney)).toBeGreaterThan(3);
    expect(distanceToLocation(alexandria, sydney)).toBeLessThan(5);
    expect(distanceToLocation(unplaced, sydney)).toBeUndefined();
    expect(distanceToLocation({ address: { lat: -33.9, long: null } }, sydney)).toBeUndefined();
  });
});
