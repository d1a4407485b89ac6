import { currentPromos } from './promo-tiles';

/** spec: conversion §2.5 — the promotions slider is 1920 x 540. */
export const SLIDE_WIDTH = 1920;
export const SLIDE_HEIGHT = 540;

export interface SlideSchedule {
  start?: string;
  expiry?: string;
  position: number;
  display?: boolean;
}

/**
 * spec: conversion §3 Promo node, catalogue §9 — the slides to show at `now`: displayed, between
 * start and expiry (inclusive, site time zone), lowest position first (ties keep their order).
 */
export function currentSlides<S extends SlideSchedule>(slides: readonly S[], now: Date, timeZone: string): S[] {
  return currentPromos(slides, now, timeZone);
}

/** The slide shown after pressing previous (-1) or next (+1), wrapping at both ends. */
export function nextSlide(index: number, direction: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  return (((index + direction) % count) + count) % count;
}
