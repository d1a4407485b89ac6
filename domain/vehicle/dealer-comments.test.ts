import { describe, expect, it } from 'vitest';
import { DEALER_COMMENTS_LIMIT, DEALER_COMMENTS_PENDING, dealerComments } from './dealer-comments';

describe('dealer comments', () => {
  // spec: catalogue §9 — dealer comments: 400 characters; §4 the pending text.
  it('exports the limit and the pending text', () => {
    expect(DEALER_COMMENTS_LIMIT).toBe(400);
    expect(DEALER_COMMENTS_PENDING).toBe('Dealer comments are pending. Please check back here later.');
  });

  // spec: catalogue §4 dealer comments — empty or pipe-only text shows the pending message.
  it('is pending for empty or pipe-only text', () => {
    for (const text of [undefined, '', '   ', '|', ' | | ', '||\n|', '<p>|</p>', '<p></p>', '&nbsp;|&nbsp;']) {
      expect(dealerComments(text)).toEqual({ kind: 'pending' });
    }
  });

  // spec: catalogue §4 dealer comments — short text is shown whole, without a toggle.
  it('keeps short text whole', () => {
    expect(dealerComments('One owner | Full service history')).toEqual({
      kind: 'text',
      full: 'One owner | Full service history',
      short: 'One owner | Full service history',
      truncated: false,
    });
    const exact = 'a'.repeat(400);
    expect(dealerComments(exact)).toMatchObject({ short: exact, truncated: false });
  });

  // spec: catalogue §4 dealer comments — truncated at 400 characters (on a word boundary).
  it('truncates plain text on a word boundary at or before 400 characters', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const result = dealerComments(words);
    if (result.kind !== 'text') throw new Error('expected text');
    expect(result.truncated).toBe(true);
    expect(result.short.endsWith('…')).toBe(true);
    const body = result.short.slice(0, -1);
    expect(body.length).toBeLessThanOrEqual(400);
    expect(words.startsWith(body)).toBe(true);
    expect(words[body.length]).toBe(' ');
    const noSpaces = 'x'.repeat(450);
    expect(dealerComments(noSpaces)).toMatchObject({ short: `${'x'.repeat(400)}…`, truncated: true });
    const boundaryAt400 = `${'y'.repeat(400)} tail`;
    expect(dealerComments(boundaryAt400)).toMatchObject({ short: `${'y'.repeat(400)}…`, truncated: true });
    const separator = `${'z'.repeat(396)} | more words here`;
    expect(dealerComments(separator)).toMatchObject({ short: `${'z'.repeat(396)}…` });
  });

  // spec: catalogue §4 dealer comments — length counts plain text; the full text is sanitised HTML.
  it('measures plain text and sanitises the full HTML', () => {
    const html = `<p>${'<strong>Great</strong> car. '.repeat(20)}</p><script>alert(1)</script>`;
    const result = dealerComments(html);
    if (result.kind !== 'text') throw new Error('expected text');
    expect(result.truncated).toBe(false);
    expect(result.full).not.toContain('<script');
    expect(result.full).toContain('<strong>Great</strong>');
    expect(result.short).not.toContain('<');
    expect(result.short.startsWith('Great car. Great car.')).toBe(true);
    expect(dealerComments('Tom &amp; Jerry <b>special</b>')).toMatchObject({ short: 'Tom & Jerry special' });
    expect(dealerComments('Price < 5k, was > 6k')).toMatchObject({ short: 'Price < 5k, was > 6k' });
  });

  // spec: catalogue §4 dealer comments — plain feed text keeps its line breaks.
  it('turns plain-text line breaks into <br /> in the full text', () => {
    const result = dealerComments('Line one\nLine two\r\n\r\n\r\nLine three');
    expect(result).toMatchObject({ kind: 'text', short: 'Line one\nLine two\n\nLine three' });
    if (result.kind === 'text') expect(result.full).toBe('Line one<br />Line two<br /><br /><br />Line three');
  });
});
