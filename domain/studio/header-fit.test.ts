import { describe, expect, it } from 'vitest';
import {
  HEADER_FIT_MESSAGE,
  headerFingerprint,
  headerFitWarnings,
  headerProblems,
  readHeaderFitReport,
  type HeaderPiece,
} from './header-fit';

const piece = (name: string, left: number, right: number, top = 20, bottom = 52): HeaderPiece => ({
  name,
  left,
  right,
  top,
  bottom,
});

describe('headerProblems: the header at one width (issue 32, "warn when the header or a menu wraps or overlaps")', () => {
  it('finds nothing in a header whose pieces sit side by side on the screen', () => {
    const pieces = [piece('the logo', 24, 184), piece('Home', 200, 260), piece('Call us on 02 9555 0100', 1200, 1400)];
    expect(headerProblems(pieces, 1440, pieces.slice(1, 2))).toEqual([]);
  });

  it('names two pieces drawn over each other, and ignores edges that only touch', () => {
    const pieces = [
      piece('Finance', 1100, 1180),
      piece('Hot deals', 1180, 1260),
      piece('Call us on 02 9555 0100', 1240, 1400),
    ];
    expect(headerProblems(pieces, 1440)).toEqual([
      { kind: 'overlap', item: 'Hot deals', other: 'Call us on 02 9555 0100' },
    ]);
    // 1 px of shared border is no overlap.
    expect(headerProblems([piece('A', 0, 101), piece('B', 100, 200)], 1440)).toEqual([]);
  });

  it('names a piece that runs off either edge of the screen', () => {
    expect(headerProblems([piece('Sign in', 360, 420)], 390)).toEqual([{ kind: 'off-screen', item: 'Sign in' }]);
    expect(headerProblems([piece('the logo', -30, 100)], 390)).toEqual([{ kind: 'off-screen', item: 'the logo' }]);
  });

  it('names the first menu item of a second row', () => {
    const row = [piece('Home', 200, 260), piece('Stock', 270, 330), piece('Finance', 200, 270, 60, 92)];
    expect(headerProblems(row, 1440, row)).toEqual([{ kind: 'wraps', item: 'Finance' }]);
  });
});

describe('headerFitWarnings: the editor’s words', () => {
  it('says each problem once per width, desktop first, naming the items', () => {
    expect(
      headerFitWarnings({
        phone: [{ kind: 'off-screen', item: 'Sign in' }],
        desktop: [
          { kind: 'overlap', item: 'Hot deals', other: 'Call us on 02 9555 0100' },
          { kind: 'overlap', item: 'Hot deals', other: 'Call us on 02 9555 0100' },
          { kind: 'wraps', item: 'Finance' },
        ],
      }),
    ).toEqual([
      'On a desktop screen (1440 px wide), “Hot deals” overlaps “Call us on 02 9555 0100”.',
      'On a desktop screen (1440 px wide), the header menu wraps onto a second line, from “Finance”.',
      'On a phone (390 px wide), “Sign in” runs off the edge of the screen.',
    ]);
    expect(headerFitWarnings({ desktop: [], phone: [] })).toEqual([]);
    expect(headerFitWarnings({ desktop: [{ kind: 'off-screen', item: '' }] })).toEqual([
      'On a desktop screen (1440 px wide), an item without words runs off the edge of the screen.',
    ]);
  });
});

describe('readHeaderFitReport: a posted message is untrusted input', () => {
  it('takes a well-formed report and drops what is not a problem', () => {
    expect(
      readHeaderFitReport({
        type: HEADER_FIT_MESSAGE,
        token: 't',
        width: 1440,
        problems: [
          { kind: 'wraps', item: 'Finance' },
          { kind: 'overlap', item: 'A' },
          'x',
          { kind: 'eval', item: 'B' },
        ],
      }),
    ).toEqual({ type: HEADER_FIT_MESSAGE, token: 't', width: 1440, problems: [{ kind: 'wraps', item: 'Finance' }] });
  });

  it('refuses anything else', () => {
    expect(readHeaderFitReport('studio:header-fit')).toBeUndefined();
    expect(readHeaderFitReport({ type: 'other', token: 't', width: 1, problems: [] })).toBeUndefined();
    expect(readHeaderFitReport({ type: HEADER_FIT_MESSAGE, width: 1, problems: [] })).toBeUndefined();
    expect(readHeaderFitReport({ type: HEADER_FIT_MESSAGE, token: 't', width: '1', problems: [] })).toBeUndefined();
  });
});

describe('headerFingerprint: which saves need the header checked again', () => {
  it('changes with the menus, the logo or the phone number, not with an offer or a page', () => {
    const base = { name: 'Harbour City Mazda', menus: { header: [{ label: 'Home', href: '/' }] } };
    const same = headerFingerprint(base);
    expect(headerFingerprint({ ...base, offers: [{ title: 'Sale' }], pages: {} })).toBe(same);
    expect(headerFingerprint({ ...base, menus: { header: [{ label: 'Hot deals', href: '/' }] } })).not.toBe(same);
    expect(headerFingerprint({ ...base, contact: { phone: '02 9555 0100' } })).not.toBe(same);
    expect(headerFingerprint({ ...base, logo: { src: '/a.webp' } })).not.toBe(same);
  });
});
