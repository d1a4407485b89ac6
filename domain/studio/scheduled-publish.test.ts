import { describe, expect, it } from 'vitest';
import {
  instantOfWallTime,
  mergeScheduled,
  scheduleMoment,
  siteTimeZoneOf,
  timeWords,
  untilWords,
  wallTimeOf,
} from './scheduled-publish';

const SYDNEY = 'Australia/Sydney';
const AUCKLAND = 'Pacific/Auckland';

describe('issue 33, Publishing on a schedule: "Publish at… a date and time in the site\'s time zone"', () => {
  it("reads a wall-clock time on the site's clock, in and out of daylight saving", () => {
    // 6 December: AEDT (UTC+11).
    expect(instantOfWallTime('2026-12-06T06:00', SYDNEY)?.at.toISOString()).toBe('2026-12-05T19:00:00.000Z');
    // 6 July: AEST (UTC+10).
    expect(instantOfWallTime('2026-07-06T06:00', SYDNEY)?.at.toISOString()).toBe('2026-07-05T20:00:00.000Z');
    // Auckland in summer: NZDT (UTC+13).
    expect(instantOfWallTime('2026-12-06T06:00', AUCKLAND)?.at.toISOString()).toBe('2026-12-05T17:00:00.000Z');
    expect(instantOfWallTime('2026-12-06T06:00', 'UTC')?.at.toISOString()).toBe('2026-12-06T06:00:00.000Z');
  });

  it('the hour skipped when daylight saving starts moves forward, and says so; a repeated hour is its first', () => {
    // Sydney, Sun 4 Oct 2026: 2:00 am becomes 3:00 am.
    const skipped = instantOfWallTime('2026-10-04T02:30', SYDNEY);
    expect(skipped?.at.toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(skipped?.movedTo).toBe('3:30 am');
    // Sydney, Sun 5 Apr 2026: 3:00 am goes back to 2:00 am; 2:30 am happens twice, first at +11.
    const repeated = instantOfWallTime('2026-04-05T02:30', SYDNEY);
    expect(repeated?.at.toISOString()).toBe('2026-04-04T15:30:00.000Z');
    expect(repeated?.movedTo).toBeUndefined();
  });

  it('refuses text that is not a date and time', () => {
    for (const text of ['', '2026-12-06', '2026-02-30T06:00', '2026-12-06T24:00', '6 Dec 6am', '2026-13-01T00:00'])
      expect(instantOfWallTime(text, SYDNEY)).toBeUndefined();
  });

  it("writes an instant back as the field's value on the site's clock", () => {
    expect(wallTimeOf(new Date('2026-12-05T19:00:00Z'), SYDNEY)).toBe('2026-12-06T06:00');
    const back = instantOfWallTime(wallTimeOf(new Date('2026-08-01T01:02:00Z'), AUCKLAND), AUCKLAND);
    expect(back?.at.toISOString()).toBe('2026-08-01T01:02:00.000Z');
  });

  it('accepts a time later than now and within a year; refuses the past with the time now, in words', () => {
    const now = new Date('2026-11-28T01:00:00Z'); // Sat 28 Nov, 12:00 pm Sydney
    expect(scheduleMoment('2026-12-06T06:00', SYDNEY, now)).toEqual({ ok: true, at: new Date('2026-12-05T19:00:00Z') });
    expect(scheduleMoment('2026-11-28T11:59', SYDNEY, now)).toEqual({
      ok: false,
      message: 'That time has passed: it is Sat 28 Nov, 12:00 pm, Sydney time now. Choose a later time.',
    });
    expect(scheduleMoment('2026-11-28T12:00', SYDNEY, now).ok).toBe(false);
    expect(scheduleMoment('2027-12-30T06:00', SYDNEY, now)).toEqual({
      ok: false,
      message: 'Choose a time within a year from now.',
    });
    expect(scheduleMoment(undefined, SYDNEY, now)).toEqual({
      ok: false,
      message: 'Choose the date and the time to publish at (Sydney time).',
    });
    const skipped = scheduleMoment('2027-10-03T02:15', SYDNEY, now);
    expect(skipped.ok && skipped.note).toBe(
      'The clocks go forward that night, so that time does not happen: it publishes at 3:15 am.',
    );
  });

  it("tells the time in words, with the year only when it is not this year's, and how long until then", () => {
    const now = new Date('2026-11-28T01:00:00Z');
    expect(timeWords(new Date('2026-12-05T19:00:00Z'), SYDNEY, now)).toBe(
      'Sun 6 Dec, 6:00 am, Sydney time (in 8 days)',
    );
    expect(timeWords(new Date('2027-01-10T01:30:00Z'), SYDNEY, now)).toBe(
      'Sun 10 Jan 2027, 12:30 pm, Sydney time (in 43 days)',
    );
    expect(timeWords(new Date('2026-12-05T19:00:00Z'), AUCKLAND)).toBe('Sun 6 Dec, 8:00 am, Auckland time');
    expect(untilWords(new Date(now.getTime() + 30_000), now)).toBe('in under a minute');
    expect(untilWords(new Date(now.getTime() + 61_000), now)).toBe('in 2 minutes');
    expect(untilWords(new Date(now.getTime() + 3 * 3_600_000), now)).toBe('in 3 hours');
    expect(untilWords(now, now)).toBe('due now');
  });

  it("finds the site's time zone: its own, else the inherited one, else the platform's", () => {
    expect(siteTimeZoneOf({ locale: { timeZone: AUCKLAND } }, { locale: { timeZone: SYDNEY } })).toBe(AUCKLAND);
    expect(siteTimeZoneOf({}, { locale: { timeZone: 'Australia/Perth' } })).toBe('Australia/Perth');
    expect(siteTimeZoneOf('not a document')).toBe(SYDNEY);
  });
});

describe('issue 33: a schedule publishes its own changes on top of a publish that came in between', () => {
  const base = {
    name: 'Harbour City',
    phone: '02 9000 0000',
    offers: [{ title: 'Spring' }],
    pages: { '/': { blocks: [{ type: 'Hero', props: { heading: 'Welcome' } }, { type: 'Text' }] } },
  };

  it('nothing in between: the scheduled document as it is', () => {
    const scheduled = { ...base, offers: [{ title: 'Weekend sale' }] };
    expect(mergeScheduled(base, scheduled, base)).toEqual({ ok: true, document: scheduled });
  });

  it('another field changed in between: both changes are kept', () => {
    const scheduled = { ...base, offers: [{ title: 'Spring' }, { title: 'Weekend sale' }] };
    const current = { ...base, phone: '02 9111 1111' };
    expect(mergeScheduled(base, scheduled, current)).toEqual({
      ok: true,
      document: { ...base, phone: '02 9111 1111', offers: [{ title: 'Spring' }, { title: 'Weekend sale' }] },
    });
  });

  it('a block changed in between and another block in the schedule: both kept; a removal too', () => {
    const scheduled = structuredClone(base);
    scheduled.pages['/'].blocks.pop();
    const current = structuredClone(base);
    current.pages['/'].blocks[0] = { type: 'Hero', props: { heading: 'Hello' } };
    const merged = mergeScheduled(base, scheduled, current);
    expect(merged).toEqual({
      ok: true,
      document: { ...base, pages: { '/': { blocks: [{ type: 'Hero', props: { heading: 'Hello' } }] } } },
    });
  });

  it('the same field changed in both: not merged, and the field is named', () => {
    const scheduled = { ...base, phone: '1300 000 000' };
    const current = { ...base, phone: '02 9111 1111' };
    expect(mergeScheduled(base, scheduled, current)).toEqual({ ok: false, pointers: ['/phone'] });
  });

  it('a block inserted before the one the schedule edits shifts it: not merged (never the wrong block)', () => {
    const scheduled = structuredClone(base);
    (scheduled.pages['/'].blocks[1] as Record<string, unknown>).props = { html: '<p>Sale</p>' };
    const current = structuredClone(base);
    current.pages['/'].blocks.unshift({ type: 'Banner', props: { heading: 'New' } });
    const merged = mergeScheduled(base, scheduled, current);
    expect(merged.ok).toBe(false);
    expect(!merged.ok && merged.pointers).toContain('/pages/~1/blocks/1/props');
  });

  it('both added to the end of the same list: not merged', () => {
    const scheduled = { ...base, offers: [{ title: 'Spring' }, { title: 'A' }] };
    const current = { ...base, offers: [{ title: 'Spring' }, { title: 'B' }] };
    expect(mergeScheduled(base, scheduled, current)).toEqual({ ok: false, pointers: ['/offers/1'] });
  });
});
