import { describe, expect, it } from 'vitest';
import studioSchema from '../../schemas/studio.schema.json';
import type { SchemaNode } from './editor-types';
import {
  documentText,
  effectiveColours,
  inheritedKeys,
  issueCounts,
  parseDocumentText,
  pickKeys,
  previewablePaths,
  sameIssues,
  sameJson,
  sectionOfIssue,
  withKeys,
} from './document-model';

describe("the editor's document rules (issue 16)", () => {
  const doc = {
    $schema: 'x',
    schemaVersion: 4,
    slug: 's',
    name: 'N',
    template: 't',
    theme: { radius: 'none' },
    offers: [],
  };

  it("a tab's form writes back only its keys, keeps the document's key order, and an emptied key is removed", () => {
    expect(pickKeys(doc, ['logo', 'theme'])).toEqual({ theme: { radius: 'none' } });
    const next = withKeys(doc, ['logo', 'theme'], { theme: { radius: 'large' }, logo: { src: '/l.png', alt: 'L' } });
    expect(Object.keys(next)).toEqual([
      '$schema',
      'schemaVersion',
      'slug',
      'name',
      'template',
      'theme',
      'offers',
      'logo',
    ]);
    expect(next.theme).toEqual({ radius: 'large' });
    expect(withKeys(doc, ['theme'], { theme: undefined })).not.toHaveProperty('theme');
    expect(doc.theme).toEqual({ radius: 'none' });
  });

  it('sends each issue to its tab and counts them per tab; an issue about the whole document belongs to none', () => {
    const issues = [
      { pointer: '/theme/colors/primary', message: 'a' },
      { pointer: '/logo', message: 'b' },
      { pointer: '/offers/0/expiry', message: 'c' },
      { pointer: '/pages/~1/blocks/0/props/heading', message: 'd' },
      { pointer: '', message: 'e' },
    ];
    expect(sectionOfIssue(issues[0]!)?.id).toBe('theme');
    expect(sectionOfIssue(issues[4]!)).toBeUndefined();
    expect(issueCounts(issues)).toEqual({ theme: 2, offers: 1, pages: 1 });
  });

  it('the JSON tab shows the stored layout and reads its text back, saying where text is not JSON', () => {
    expect(documentText({ a: 1 })).toBe('{\n  "a": 1\n}\n');
    expect(parseDocumentText('{"a": 1}')).toEqual({ ok: true, document: { a: 1 } });
    const broken = parseDocumentText('{\n  "a": 1,\n  "b": \n}');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toMatch(/^This is not valid JSON( at line \d+, column \d+)?: /);
    expect(parseDocumentText('[1]')).toEqual({
      ok: false,
      message: 'The document must be one JSON object ({ ... }), as a tenant file is.',
    });
  });

  it("the contrast check reads the site's own colours over its template's over the schema's defaults", () => {
    const colours = effectiveColours(
      studioSchema as SchemaNode,
      { theme: { colors: { primary: '#111111', accent: '#222222' } } },
      { theme: { colors: { primary: '#333333' } } },
    );
    expect(colours.primary).toBe('#333333');
    expect(colours.accent).toBe('#222222');
    expect(colours.onPrimary).toBe('#ffffff');
  });

  it('offers only concrete paths to the preview, home first', () => {
    expect(previewablePaths(['/about', '/', '/cars/:slug', '/about', '/search/:type?'])).toEqual(['/', '/about']);
  });
});

describe('inheritedKeys (issue 16: change a menu the template supplies)', () => {
  it("offers a copy of what the template supplies as a whole, and a way back for the site's own", () => {
    const inherited = {
      menus: { header: [{ label: 'Cars' }] },
      forms: { a: { fields: [{ name: 'x' }] } },
      theme: { colors: { primary: '#000000' } },
      legal: {},
      name: 'x',
    };
    const keys = ['menus', 'forms', 'theme', 'legal', 'name', 'buttonSets'];
    expect(inheritedKeys({ forms: { b: {} } }, inherited, keys)).toEqual([
      { key: 'menus', state: 'inherited' },
      { key: 'forms', state: 'own' },
    ]);
  });

  it('the same issues in a new list are the same; any difference in a pointer, message or place is not', () => {
    const issue = { pointer: '/name', message: 'must not be empty', file: 'tenant.json', line: 3, column: 5 };
    expect(sameIssues([issue], [{ ...issue }])).toBe(true);
    expect(sameIssues([], [])).toBe(true);
    expect(sameIssues([issue], [])).toBe(false);
    expect(sameIssues([issue], [{ ...issue, pointer: '/slug' }])).toBe(false);
    expect(sameIssues([issue], [{ ...issue, message: 'other' }])).toBe(false);
    expect(sameIssues([issue], [{ ...issue, line: 4 }])).toBe(false);
    expect(sameIssues([issue, { ...issue, pointer: '/a' }], [{ ...issue, pointer: '/a' }, issue])).toBe(false);
  });

  it('sameJson answers as comparing the JSON texts would, key order included', () => {
    const shared = { deep: { list: [1, 2, { x: 'y' }] } };
    const cases: [unknown, unknown][] = [
      [
        { a: 1, b: shared },
        { a: 1, b: shared },
      ],
      [
        { a: 1, b: { c: [1, 2] } },
        { a: 1, b: { c: [1, 2] } },
      ],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [{ a: 1, b: undefined }, { a: 1 }],
      [{ a: [1, undefined] }, { a: [1, null] }],
      [{ a: [1, 2] }, { a: [1, 2, 3] }],
      [{ a: 'x' }, { a: 'y' }],
      [{ a: Number.NaN }, { a: null }],
      [{ a: 1 }, { a: '1' }],
      [{ a: {} }, { a: [] }],
      [{ a: null }, { a: {} }],
      [{ a: new Date(0) }, { a: '1970-01-01T00:00:00.000Z' }],
      [[], {}],
      ['x', 'x'],
      [undefined, undefined],
    ];
    for (const [a, b] of cases)
      expect(sameJson(a, b), JSON.stringify([a, b])).toBe(JSON.stringify(a) === JSON.stringify(b));
  });

  it('sameJson sees a change deep in a new object and ignores a new copy of the same text', () => {
    const doc = { theme: { colours: { primary: '#000' } }, pages: { '/': { blocks: [] } } };
    expect(sameJson(doc, { ...doc, theme: { colours: { primary: '#000' } } })).toBe(true);
    expect(sameJson(doc, { ...doc, theme: { colours: { primary: '#001' } } })).toBe(false);
  });
});
