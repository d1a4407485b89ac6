import { describe, expect, it } from 'vitest';
import { homeCity, locatedAt } from './location-announcement';

describe('location announcement', () => {
  // spec: catalogue §2 announcement bar — 'Located at {city}' when the city differs from the primary dealership city.
  it('announces a different city', () => {
    expect(locatedAt('Parramatta', 'Sydney')).toBe('Located at Parramatta');
    expect(locatedAt(' sydney ', 'Sydney')).toBeUndefined();
    expect(locatedAt(undefined, 'Sydney')).toBeUndefined();
    expect(locatedAt('Parramatta', undefined)).toBeUndefined();
  });

  // spec: conversion §3 Site configuration override_city — the site's own city in place of the primary dealership's.
  it('compares with the site’s override city when it has one, else the primary dealership city', () => {
    expect(homeCity('Parramatta', 'Penrith')).toBe('Parramatta');
    expect(homeCity(undefined, 'Penrith')).toBe('Penrith');
    expect(homeCity('  ', 'Penrith')).toBe('Penrith');
    expect(homeCity(undefined, undefined)).toBeUndefined();
    // A car at the primary location is announced once the site calls another city home ...
    expect(locatedAt('Penrith', homeCity('Parramatta', 'Penrith'))).toBe('Located at Penrith');
    // ... and a car in the override city is not, though it differs from the primary location's.
    expect(locatedAt('Parramatta', homeCity('Parramatta', 'Penrith'))).toBeUndefined();
    expect(locatedAt('Parramatta', homeCity(undefined, 'Penrith'))).toBe('Located at Parramatta');
  });
});
