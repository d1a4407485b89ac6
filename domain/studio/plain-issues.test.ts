import { describe, expect, it } from 'vitest';
import { plainIssue, plainIssues } from './plain-issues';

describe('plainIssue: the validator’s messages in a site editor’s words (issue 32)', () => {
  it('points a missing key at its own field and asks for it in words', () => {
    expect(
      plainIssue({
        pointer: '/offers/3',
        message: 'missing required key "title" (The offer\'s headline, e.g. 3 years\' free servicing.)',
      }),
    ).toEqual({ pointer: '/offers/3/title', message: 'This is required: fill it in.' });
    // A key with a slash is escaped as a pointer segment.
    expect(plainIssue({ pointer: '/pages', message: 'missing required key "/about"' }).pointer).toBe('/pages/~1about');
  });

  it('says what a value should be and what it is now, without the validator’s type names', () => {
    expect(
      plainIssue({ pointer: '/theme/colors/primary', message: 'expected A colour as #rrggbb., found text "#12345"' }),
    ).toEqual({ pointer: '/theme/colors/primary', message: 'This should be a colour as #rrggbb; it is now “#12345”.' });
    expect(
      plainIssue({ pointer: '/finance/interestRate', message: 'expected number, found text "6,99"' }).message,
    ).toBe('This should be a number; it is now “6,99”.');
    expect(plainIssue({ pointer: '/x', message: 'expected string,null, found boolean true' }).message).toBe(
      'This should be text or empty; it is now true.',
    );
    expect(plainIssue({ pointer: '/x', message: 'expected integer, found text ""' }).message).toBe(
      'This should be a whole number; it is empty.',
    );
  });

  it('lists the allowed choices and keeps the suggestion', () => {
    expect(
      plainIssue({
        pointer: '/vehicleWord',
        message: 'expected one of "car", "vehicle", found text "cars"; did you mean "car"?',
      }).message,
    ).toBe('This should be one of “car”, “vehicle”; it is now “cars”. Did you mean “car”?');
  });

  it('rewrites ajv’s own wording for lengths, counts and limits', () => {
    const at = (message: string) => plainIssue({ pointer: '/a', message }).message;
    expect(at('must NOT have fewer than 1 characters, found text ""')).toBe('This is required: fill it in.');
    expect(at('must NOT have more than 63 characters, found text "…"')).toBe('Use at most 63 characters.');
    expect(at('must NOT have fewer than 1 items, found a list ([])')).toBe('Add at least one.');
    expect(at('must be >= 0, found number -1')).toBe('This should be at least 0.');
    expect(at('must be < 100, found number 120')).toBe('This should be less than 100.');
  });

  it('says where an unknown key can be removed', () => {
    expect(plainIssue({ pointer: '/colours', message: 'unknown key "colours"; did you mean "colors"?' }).message).toBe(
      '“colours” is not a setting here: remove it in the JSON tab. Did you mean “colors”?',
    );
  });

  it('leaves a message already in words as it is, and keeps other properties', () => {
    const issue = { pointer: '/offers/0/expiry', message: 'expiry 2026-12-01 is before start 2026-12-10', line: 4 };
    expect(plainIssues([issue])).toEqual([issue]);
  });

  it('leaves out "none of the allowed forms" about a value whose own problem is listed', () => {
    const page = {
      pointer: '/pages/~1',
      message: 'expected one of the allowed forms, found an object ({"blocks":[]})',
    };
    const inside = { pointer: '/pages/~1/blocks/1/props', message: 'missing required key "html"' };
    expect(plainIssues([page, inside])).toEqual([
      { pointer: '/pages/~1/blocks/1/props/html', message: 'This is required: fill it in.' },
    ]);
    // Alone, it stays, in words.
    expect(plainIssues([page])).toEqual([
      { pointer: '/pages/~1', message: 'This should be one of the allowed forms; it is a group of settings.' },
    ]);
  });

  it('a page missing its title is one problem, at the title, not also "none of the allowed forms"', () => {
    const shown = plainIssues([
      { pointer: '/pages/~1about', message: 'expected one of the allowed forms, found an object ({})' },
      { pointer: '/pages/~1about', message: 'missing required key "title"' },
    ]);
    expect(shown).toEqual([{ pointer: '/pages/~1about/title', message: 'This is required: fill it in.' }]);
  });

  it('reads a long value the validator cut, a format and a pattern without a description', () => {
    const at = (message: string) => plainIssue({ pointer: '/a', message }).message;
    expect(at('expected a valid email, found text "sales@"')).toBe(
      'This should be an e-mail address; it is now “sales@”.',
    );
    expect(at('expected text matching ^/(?![/\\\\]), found text "about"')).toBe(
      'This should be written in the form its help describes; it is now “about”.',
    );
    expect(
      at('expected a valid uri, found text "https://www.example.com.au/a-very-long-path-that-goes-on-and-...'),
    ).toBe(
      'This should be a full web address, starting with https://; it is now “https://www.example.com.au/a-very-long-path-that-goes-on-and-…”.',
    );
  });
});
