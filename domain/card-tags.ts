import { isAvailable } from './listing';

// spec: catalogue §9 — just-arrived window: 8 days (configurable per tenant).
export const DEFAULT_JUST_ARRIVED_DAYS = 8;
// spec: conversion §9 — new-arrival text 'New Arrival'. Catalogue §4's 'New' stays a tenant choice
// (pricing.justArrivedText): on a used car a bare 'New' reads to a shopper as the car's type.
export const DEFAULT_JUST_ARRIVED_TEXT = 'New Arrival';
// spec: catalogue §4 card tag precedence — sold tag default JUST SOLD.
export const DEFAULT_SOLD_TAG_TEXT = 'JUST SOLD';
export const RESERVED_TAG_TEXT = 'RESERVED';
export const COMING_SOON_TAG_TEXT = 'COMING SOON';
export const CERTIFIED_TAG_TEXT = 'Toyota Certified Pre-Owned';
const FUEL_TAG_LABELS: Readonly<Record<string, string>> = { electric: 'ELECTRIC', hybrid: 'HYBRID', phev: 'PHEV' };
const GREEN_CUSTOM_TAGS = new Set(['runout sale']);
const SOLD_CUSTOM_TAG = 'sold';

export type CardTagKind = 'fuel' | 'reserved' | 'certified' | 'custom' | 'coming-soon' | 'new' | 'sold';
/**
 * 'outline' is a light pill with a coloured border: the just-arrived tag wears it so it never looks
 * like the solid car-type labels (NEW / USED / DEMO) a shopper reads as the car's condition.
 */
export type CardTagTone = 'green' | 'red' | 'neutral' | 'accent' | 'outline';

export interface CardTag {
  kind: CardTagKind;
  label: string;
  tone: CardTagTone;
}

export interface TaggableCar {
  status: string;
  make?: string | null;
  car_type?: string | null;
  simple_fuel?: string | null;
  reserved?: boolean | null;
  certified?: boolean | null;
  tag?: string | null;
  created_at?: string | null;
  created_at_timestamp?: number | null;
}

export interface CardTagOptions {
  now: Date;
  /** Show ELECTRIC / HYBRID / PHEV tags (off unless the tenant enables them). */
  fuelTags?: boolean;
  justArrivedDays?: number;
  justArrivedText?: string;
  soldTagText?: string;
}

const lower = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

function createdAtMs(car: TaggableCar): number | undefined {
  if (typeof car.created_at_timestamp === 'number' && Number.isFinite(car.created_at_timestamp))
    return car.created_at_timestamp * 1000;
  const parsed = car.created_at ? Date.parse(car.created_at) : NaN;
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** A reserved car is not sold even though its status is not in_stock or coming_soon. */
export function isSoldForTag(car: TaggableCar): boolean {
  if (lower(car.tag) === SOLD_CUSTOM_TAG) return true;
  return !isAvailable(car) && car.status !== 'reserved';
}

export function isJustArrived(car: TaggableCar, now: Date, days = DEFAULT_JUST_ARRIVED_DAYS): boolean {
  const created = createdAtMs(car);
  return created !== undefined && now.getTime() - created <= days * 86_400_000;
}

/** spec: catalogue §4 card tag precedence — the one tag a search card shows, or undefined. */
export function cardTag(car: TaggableCar, options: CardTagOptions): CardTag | undefined {
  if (isSoldForTag(car)) return { kind: 'sold', label: options.soldTagText || DEFAULT_SOLD_TAG_TEXT, tone: 'red' };
  const fuelLabel = FUEL_TAG_LABELS[lower(car.simple_fuel)];
  if (options.fuelTags && fuelLabel) return { kind: 'fuel', label: fuelLabel, tone: 'accent' };
  if (car.reserved || car.status === 'reserved') return { kind: 'reserved', label: RESERVED_TAG_TEXT, tone: 'neutral' };
  if (car.certified && lower(car.make) === 'toyota' && lower(car.car_type) === 'used') {
    return { kind: 'certified', label: CERTIFIED_TAG_TEXT, tone: 'neutral' };
  }
  const custom = car.tag?.trim();
  if (custom)
    return { kind: 'custom', label: custom, tone: GREEN_CUSTOM_TAGS.has(custom.toLowerCase()) ? 'green' : 'red' };
  if (car.status === 'coming_soon') return { kind: 'coming-soon', label: COMING_SOON_TAG_TEXT, tone: 'accent' };
  if (isJustArrived(car, options.now, options.justArrivedDays)) {
    return { kind: 'new', label: options.justArrivedText || DEFAULT_JUST_ARRIVED_TEXT, tone: 'outline' };
  }
  return undefined;
}
