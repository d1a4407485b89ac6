import { describe, expect, it } from 'vitest';
import { SETTINGS_NOTES, currentPromotionHeading, formNotes, heroPromotionNote } from './override-notes';

describe('override notes (issue 32: overrides are visible)', () => {
  it('a message box is optional on every form while “Message is optional” is on, whatever its Required says', () => {
    const form = {
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'message', type: 'textarea', required: true },
      ],
    };
    expect(formNotes(form, { messageOptional: true })).toEqual({
      'fields/1/required': expect.stringContaining('“Message is optional” is on'),
    });
    expect(formNotes(form, { messageOptional: false })).toEqual({});
  });

  it('a test-drive time is always optional, in one-page forms and in steps', () => {
    const form = {
      steps: [
        { title: 'Car', fields: [{ name: 'car', type: 'text' }] },
        { title: 'Time', fields: [{ name: 'when', type: 'appointment', required: true }] },
      ],
    };
    expect(Object.keys(formNotes(form, {}))).toEqual(['steps/1/fields/0/required']);
    expect(formNotes(form, {})['steps/1/fields/0/required']).toContain('No preference');
  });

  it('a dealership list is not asked while “Never ask for a dealership” is on', () => {
    const form = { fields: [{ name: 'dealership_slug', type: 'select', options: 'dealerships' }] };
    expect(formNotes(form, { removeDealershipSelect: true })['fields/0/options']).toContain(
      'Never ask for a dealership',
    );
    expect(formNotes(form, {})).toEqual({});
  });

  it('a hero with “Show the current promotion” on names the promotion shown instead, only while one is current', () => {
    expect(heroPromotionNote({ heading: 'Hi', usePromotion: true }, 'Summer Drive-Away')).toContain(
      'the current banner promotion “Summer Drive-Away” in place of its own heading',
    );
    expect(heroPromotionNote({ heading: 'Hi', usePromotion: true }, undefined)).toBeUndefined();
    expect(heroPromotionNote({ heading: 'Hi', usePromotion: false }, 'Summer Drive-Away')).toBeUndefined();
    expect(heroPromotionNote({ heading: 'Hi' }, 'Summer Drive-Away')).toBeUndefined();
  });

  it('the finance rate fields say the calculator works out its own comparison rate', () => {
    expect(SETTINGS_NOTES['finance/interestRate']).toContain('works out from this rate and the fees');
    expect(SETTINGS_NOTES['finance/comparisonRateRange']).toContain('worked out from the interest rate and the fees');
  });

  it('the current promotion is the first banner whose dates hold today in the site’s time zone', () => {
    const banners = [
      { heading: 'Past', start: '2026-01-01', expiry: '2026-01-31' },
      { heading: 'Summer', start: '2026-11-01', expiry: '2027-01-31' },
      { heading: 'Also current' },
    ];
    // 28 November, 23:30 in Sydney is still 28 November there; 2 February is after Summer's expiry.
    expect(currentPromotionHeading(banners, 'Australia/Sydney', new Date('2026-11-28T12:30:00Z'))).toBe('Summer');
    expect(currentPromotionHeading(banners, undefined, new Date('2027-02-02T00:00:00Z'))).toBe('Also current');
    expect(
      currentPromotionHeading(banners.slice(0, 1), 'Australia/Sydney', new Date('2026-11-28T00:00:00Z')),
    ).toBeUndefined();
    expect(currentPromotionHeading(undefined, 'Australia/Sydney', new Date())).toBeUndefined();
  });
});
