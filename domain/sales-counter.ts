import { wallClock } from './format';

/** spec: conversion §9 — the sales counter counts in Brisbane time and refreshes every 150,000 ms. */
export const SALES_COUNTER_TIME_ZONE = 'Australia/Brisbane';
export const SALES_COUNTER_REFRESH_MS = 150_000;
/** spec: conversion §9 — (day of month - 1) x 192 + seconds since midnight / 450. */
export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;

/** spec: conversion §9 — the sales counter's value at `now`, floored to a whole number. */
export function salesCounterValue(now: Date): number {
  const { day, hour, minute, second } = wallClock(now, SALES_COUNTER_TIME_ZONE);
  const seconds = hour * 3600 + minute * 60 + second;
  return Math.floor((day - 1) * SALES_PER_DAY + seconds / SECONDS_PER_SALE);
}
