import { describe, expect, it } from 'vitest';
import { currentSlides, nextSlide } from './promotion-slides';

const now = new Date('2026-11-22T02:00:00Z');
const ids = (list: ReadonlyArray<{ id: string }>) => list.map((s) => s.id);

// spec: conversion §3 Promo node, catalogue §9 — filtered by start and expiry, sorted by position.
describe('currentSlides', () => {
  it('sorts by position, lowest first, keeping the given order for ties', () => {
    const slides = [
      { id: 'c', position: 3 },
      { id: 'a', position: 1 },
      { id: 'b1', position: 2 },
      { id: 'b2', position: 2 },
    ];
    expect(ids(currentSlides(slides, now, 'Australia/Sydney'))).toEqual(['a', 'b1', 'b2', 'c']);
  });

  it('drops hidden, expired and future slides', () => {
    const slides = [
      { id: 'hidden', position: 1, display: false },
      { id: 'expired', position: 2, expiry: '2026-10-31' },
      { id: 'future', position: 3, start: '2027-01-01' },
      { id: 'ends-today', position: 4, expiry: '2026-11-22' },
    ];
    expect(ids(currentSlides(slides, now, 'Australia/Sydney'))).toEqual(['ends-today']);
  });
});

describe('nextSlide', () => {
  it('moves one slide and wraps at both ends', () => {
    expect(nextSlide(0, 1, 3)).toBe(1);
    expect(nextSlide(2, 1, 3)).toBe(0);
    expect(nextSlide(0, -1, 3)).toBe(2);
    expect(nextSlide(0, 1, 0)).toBe(0);
  });
});
