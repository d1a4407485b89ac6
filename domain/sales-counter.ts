/** spec: conversion §9 — the sales counter counts in Brisbane time and refreshes every 150,000 ms. */
export const SALES_COUNTER_TIME_ZONE = 'Australia/Brisbane';
export const SALES_COUNTER_REFRESH_MS = 150_000;
/** spec: conversion §9 — (day of month - 1) x 192 + seconds since midnight / 450. */
export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;

/** The day of the month and the seconds since midnight at `now` in a time zone. */
function wallClock(now: Date, timeZone: string): { day: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { day: part('day'), seconds: (part('hour') % 24) * 3600 + part('minute') * 60 + part('second') };
}

/** spec: conversion §9 — the sales counter's value at `now`, floored to a whole number. */
export function salesCounterValue(now: Date): number {
  const { day, seconds } = wallClock(now, SALES_COUNTER_TIME_ZONE);
  return Math.floor((day - 1) * SALES_PER_DAY + seconds / SECONDS_PER_SALE);
}
