import { describe, expect, it } from 'vitest';
import { FIND_SIMILAR_TEXT, SIMILAR_PROMPT, SOLD_NOTICE_TITLE, soldNotice } from './sold-notice';

describe('sold notice', () => {
  // spec: catalogue §4 availability — SOLD notice, 'Unfortunately this {vehicle word} recently sold', the similar prompt.
  it('words the sold notice', () => {
    expect(SOLD_NOTICE_TITLE).toBe('SOLD');
    expect(soldNotice('car')).toBe('Unfortunately this car recently sold');
    expect(soldNotice('motorcycle')).toBe('Unfortunately this motorcycle recently sold');
    expect(FIND_SIMILAR_TEXT).toBe('Find Me Something Similar');
    expect(SIMILAR_PROMPT).toBe('Like this and want something similar?');
  });
});
