import { describe, expect, it } from 'vitest';
import { cardTag, DEFAULT_JUST_ARRIVED_DAYS, isJustArrived, type TaggableCar } from './card-tags';

const now = new Date('2026-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const base: TaggableCar = { status: 'in_stock', make: 'Mazda', car_type: 'used', created_at: daysAgo(30) };
const options = { now, fuelTags: true };

describe('card tag precedence', () => {
  // spec: catalogue §4 card tag precedence — fuel tag first, when enabled.
  it('shows ELECTRIC, HYBRID or PHEV first, only when fuel tags are on', () => {
    const all: TaggableCar = {
      ...base,
      simple_fuel: 'Electric',
      reserved: true,
      tag: 'Runout Sale',
      created_at: daysAgo(1),
    };
    expect(cardTag(all, options)).toEqual({ kind: 'fuel', label: 'ELECTRIC', tone: 'accent' });
    expect(cardTag({ ...base, simple_fuel: 'Hybrid' }, options)?.label).toBe('HYBRID');
    expect(cardTag({ ...base, simple_fuel: 'PHEV' }, options)?.label).toBe('PHEV');
    expect(cardTag({ ...base, simple_fuel: 'Diesel' }, options)).toBeUndefined();
    expect(cardTag(all, { now })).toEqual({ kind: 'reserved', label: 'RESERVED', tone: 'neutral' });
  });

  // spec: catalogue §4 card tag precedence — RESERVED, then the certified-used-Toyota logo.
  it('puts RESERVED before the certified logo, which needs a used Toyota', () => {
    const toyota: TaggableCar = { ...base, make: 'Toyota', certified: true, tag: 'Test Drive Only' };
    expect(cardTag({ ...toyota, status: 'reserved' }, options)?.kind).toBe('reserved');
    expect(cardTag(toyota, options)?.kind).toBe('certified');
    expect(cardTag({ ...toyota, car_type: 'demo' }, options)?.kind).toBe('custom');
    expect(cardTag({ ...toyota, make: 'Lexus' }, options)?.kind).toBe('custom');
    expect(cardTag({ ...toyota, certified: false }, options)?.kind).toBe('custom');
  });

  // spec: catalogue §4 card tag precedence — custom tag: 'runout sale' is green, others red.
  it('colours custom tags', () => {
    expect(cardTag({ ...base, tag: 'RUNOUT SALE' }, options)).toEqual({
      kind: 'custom',
      label: 'RUNOUT SALE',
      tone: 'green',
    });
    expect(cardTag({ ...base, tag: 'Test Drive Only' }, options)).toEqual({
      kind: 'custom',
      label: 'Test Drive Only',
      tone: 'red',
    });
    expect(cardTag({ ...base, tag: '  ' }, options)).toBeUndefined();
  });

  // spec: catalogue §4 card tag precedence — COMING SOON, then New / just-arrived within 8 days.
  it('shows COMING SOON before New, and New inside the just-arrived window', () => {
    expect(cardTag({ ...base, status: 'coming_soon', created_at: daysAgo(1) }, options)).toEqual({
      kind: 'coming-soon',
      label: 'COMING SOON',
      tone: 'accent',
    });
    // spec: conversion §9 — new-arrival text 'New Arrival' is the default (issue 20).
    expect(cardTag({ ...base, created_at: daysAgo(1) }, options)).toEqual({
      kind: 'new',
      label: 'New Arrival',
      tone: 'outline',
    });
    // spec: catalogue §4 — "'New' or a custom just-arrived tag": 'New' stays a tenant's choice.
    expect(cardTag({ ...base, created_at: daysAgo(1) }, { ...options, justArrivedText: 'New' })?.label).toBe('New');
    expect(cardTag({ ...base, created_at: daysAgo(9) }, options)).toBeUndefined();
    expect(cardTag({ ...base, created_at: daysAgo(9) }, { ...options, justArrivedDays: 14 })?.kind).toBe('new');
    const timestamp = Math.floor(now.getTime() / 1000) - 86_400;
    expect(cardTag({ ...base, created_at: undefined, created_at_timestamp: timestamp }, options)?.kind).toBe('new');
  });

  // spec: catalogue §9 — just-arrived window: 8 days (inclusive boundary).
  it('uses an 8-day window by default', () => {
    expect(DEFAULT_JUST_ARRIVED_DAYS).toBe(8);
    expect(isJustArrived({ ...base, created_at: daysAgo(8) }, now)).toBe(true);
    expect(isJustArrived({ ...base, created_at: daysAgo(8.01) }, now)).toBe(false);
    expect(isJustArrived({ ...base, created_at: 'not a date' }, now)).toBe(false);
    expect(isJustArrived({ status: 'in_stock' }, now)).toBe(false);
  });

  // spec: catalogue §4 card tag precedence — non-available cars show a sold tag (default JUST SOLD).
  it('shows the sold tag on non-available cars, over every other tag', () => {
    const sold: TaggableCar = { ...base, status: 'sold', simple_fuel: 'Electric', reserved: true, tag: 'Runout Sale' };
    expect(cardTag(sold, options)).toEqual({ kind: 'sold', label: 'JUST SOLD', tone: 'red' });
    expect(cardTag(sold, { ...options, soldTagText: 'SOLD' })?.label).toBe('SOLD');
    expect(cardTag({ ...base, status: 'withdrawn' }, options)?.kind).toBe('sold');
    expect(cardTag({ ...base, tag: 'SOLD' }, options)?.kind).toBe('sold');
  });
});
