import { describe, expect, it } from 'vitest';
import { locationGridColumns } from './location-grid';

describe('location grid', () => {
  // spec: conversion §9 — "Location grid: 4 columns at 3 or more locations, 5 below 3."
  it('uses 4 at 3 or more locations and 5 below 3', () => {
    expect(locationGridColumns(0)).toBe(5);
    expect(locationGridColumns(1)).toBe(5);
    expect(locationGridColumns(2)).toBe(5);
    expect(locationGridColumns(3)).toBe(4);
    expect(locationGridColumns(24)).toBe(4);
  });
});
