import { describe, expect, it } from 'vitest';
import type { OpeningHourEntry } from './day-hours';
import { groupOpeningHours } from './opening-hours';

/** A week as the demo feed writes it: open/close in 24-hour time plus the display text. */
function week(overrides: Partial<Record<number, OpeningHourEntry>> = {}): OpeningHourEntry[] {
  const open = (weekday: number, from: string, to: string): OpeningHourEntry => ({
    weekday,
    status: 'Open',
    open: from,
    close: to,
    formated_hours: `${from} - ${to}`,
  });
  const days: OpeningHourEntry[] = [
    { weekday: 0, status: 'By appointment only', formated_hours: 'By appointment only' },
    open(1, '08:30', '17:30'),
    open(2, '08:30', '17:30'),
    open(3, '08:30', '17:30'),
    open(4, '08:30', '17:30'),
    open(5, '08:30', '17:30'),
    open(6, '08:30', '16:00'),
  ];
  return days.map((day) => overrides[day.weekday] ?? day);
}
const table = (entries: readonly OpeningHourEntry[]) => groupOpeningHours(entries).map((row) => [row.label, row.hours]);

describe('opening hours table', () => {
  // spec: conversion §5.4 — "Monday to Friday are grouped when the 5 days are identical; the weekend
  // is shown separately with 'Closed' or 'By appointment only'."
  it('groups identical Monday to Friday into one row, then Saturday and Sunday', () => {
    expect(table(week())).toEqual([
      ['Monday - Friday', '8:30 am - 5:30 pm'],
      ['Saturday', '8:30 am - 4:00 pm'],
      ['Sunday', 'By appointment only'],
    ]);
    expect(groupOpeningHours(week())[0]?.weekdays).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists each weekday when one differs (late-night Friday)', () => {
    expect(table(week({ 5: { weekday: 5, status: 'Open', open: '08:30', close: '19:00' } }))).toEqual([
      ['Monday', '8:30 am - 5:30 pm'],
      ['Tuesday', '8:30 am - 5:30 pm'],
      ['Wednesday', '8:30 am - 5:30 pm'],
      ['Thursday', '8:30 am - 5:30 pm'],
      ['Friday', '8:30 am - 7:00 pm'],
      ['Saturday', '8:30 am - 4:00 pm'],
      ['Sunday', 'By appointment only'],
    ]);
  });

  it("shows a closed weekend day as 'Closed'", () => {
    const rows = table(
      week({ 0: { weekday: 0, status: 'Closed', formated_hours: 'Closed' }, 6: { weekday: 6, status: 'Closed' } }),
    );
    expect(rows.slice(-2)).toEqual([
      ['Saturday', 'Closed'],
      ['Sunday', 'Closed'],
    ]);
  });

  it("reads a Closed day whose text mentions an appointment as 'By appointment only'", () => {
    const rows = table(week({ 0: { weekday: 0, status: 'Closed', formated_hours: 'Closed - by appointment' } }));
    expect(rows.at(-1)).toEqual(['Sunday', 'By appointment only']);
  });

  it('reads the times from formated_hours when open/close are missing, so equal days still group', () => {
    const textOnly = { weekday: 3, status: 'Open', formated_hours: '8:30 AM - 5:30 PM' };
    expect(table(week({ 3: textOnly }))[0]).toEqual(['Monday - Friday', '8:30 am - 5:30 pm']);
  });

  it('formats noon and midnight and shows unreadable hours as written', () => {
    const rows = table(
      week({
        6: { weekday: 6, status: 'Open', open: '12:00', close: '00:00' },
        0: { weekday: 0, status: 'Open', formated_hours: 'Open late Thursday' },
      }),
    );
    expect(rows.slice(-2)).toEqual([
      ['Saturday', '12:00 pm - 12:00 am'],
      ['Sunday', 'Open late Thursday'],
    ]);
  });

  it('does not group, nor invent a row, when a weekday is missing', () => {
    const rows = table(week().filter((entry) => entry.weekday !== 3));
    expect(rows.map(([label]) => label)).toEqual(['Monday', 'Tuesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  });

  it('orders rows Monday first whatever the feed order, and has no rows without entries', () => {
    expect(table([...week()].reverse()).map(([label]) => label)).toEqual(['Monday - Friday', 'Saturday', 'Sunday']);
    expect(groupOpeningHours([])).toEqual([]);
  });
});
