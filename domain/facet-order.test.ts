import { describe, expect, it } from 'vitest';
import {
  BODY_TYPES,
  bodyTypeOrder,
  dedupeCaseInsensitive,
  orderByCount,
  orderCondition,
  orderMakes,
  orderNumeric,
  POPULAR_MAKES_LIMIT,
} from './facet-order';

describe('facet order', () => {
  // spec: catalogue §9 — facet lists show the top 20 popular makes, then all makes.
  it('lists the 20 most popular makes, then every make by name', () => {
    const counts = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`Make ${String.fromCharCode(65 + i)}`, i % 5]),
    );
    const { popular, all } = orderMakes({ ...counts, Toyota: 50, audi: 4 });
    expect(POPULAR_MAKES_LIMIT).toBe(20);
    expect(popular).toHaveLength(20);
    expect(popular.slice(0, 3)).toEqual([
      { value: 'Toyota', count: 50 },
      { value: 'audi', count: 4 },
      { value: 'Make E', count: 4 },
    ]);
    expect(all).toHaveLength(27);
    expect(all.slice(0, 2).map((f) => f.value)).toEqual(['audi', 'Make A']);
    expect(all.at(-1)?.value).toBe('Toyota');
  });

  // spec: catalogue §9 — condition sort order new, demo, used.
  it('orders conditions new, demo, used, unknown values last', () => {
    expect(orderCondition({ used: 9, other: 1, demo: 2, New: 3 }).map((f) => f.value)).toEqual([
      'New',
      'demo',
      'used',
      'other',
    ]);
  });

  // spec: catalogue §9 — price facets sorted numerically.
  it('orders numeric facets by number', () => {
    expect(orderNumeric({ '2020': 1, '2008': 4, '2019': 2 }).map((f) => f.value)).toEqual(['2008', '2019', '2020']);
    expect(orderNumeric({ '7': 1, '12': 1, '2': 1, unknown: 5 }).map((f) => f.value)).toEqual([
      '2',
      '7',
      '12',
      'unknown',
    ]);
    expect(orderNumeric({ '$100,000+': 1, '$10,000 - $20,000': 1, '$5,000 - $10,000': 1 }).map((f) => f.value)).toEqual(
      ['$5,000 - $10,000', '$10,000 - $20,000', '$100,000+'],
    );
  });

  // spec: catalogue §9 — facet lists (other than makes, condition and numbers) by popularity.
  it('orders by count, then by value', () => {
    expect(orderByCount({ Red: 2, Blue: 5, Black: 2 })).toEqual([
      { value: 'Blue', count: 5 },
      { value: 'Black', count: 2 },
      { value: 'Red', count: 2 },
    ]);
  });

  // spec: catalogue §5 — the model-body list removes case-insensitive duplicates.
  it('removes case-insensitive duplicates, keeping the first spelling', () => {
    expect(dedupeCaseInsensitive(['SUV', 'Sedan', 'suv', 'sedan ', 'Hatch'])).toEqual(['SUV', 'Sedan', 'Hatch']);
  });

  // spec: conversion §9 body types list; conversion §5.4 fixed body-type order.
  it('ranks body types in the spec list order, unknown last', () => {
    expect(BODY_TYPES).toHaveLength(20);
    expect(bodyTypeOrder('4x4')).toBe(0);
    expect(bodyTypeOrder('Cab Chassis')).toBe(2);
    expect(bodyTypeOrder('SUV')).toBe(15);
    expect(bodyTypeOrder('station wagon')).toBe(19);
    expect(bodyTypeOrder('Tractor')).toBe(20);
    expect(['Ute', 'Sedan', 'Tractor', 'Hatch'].sort((a, b) => bodyTypeOrder(a) - bodyTypeOrder(b))).toEqual([
      'Hatch',
      'Sedan',
      'Ute',
      'Tractor',
    ]);
  });
});
