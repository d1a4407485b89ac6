import { describe, expect, it } from 'vitest';
import studioBundle from '../../schemas/studio.schema.json';
import {
  ENUM_LABELS_KEYWORD,
  UNSET_LABEL_KEYWORD,
  enumLabels,
  unexplainedEmptyChoices,
  unlabelledChoices,
  unsetLabel,
} from './enum-labels';

describe('choices in words (issue 32: no codes where a site editor looks)', () => {
  it('every choice list of the Studio’s bundle has a label for every value (npm run gen copies the keyword)', () => {
    expect(unlabelledChoices(studioBundle)).toEqual([]);
    const definitions = studioBundle.definitions as Record<string, { properties?: Record<string, unknown> }>;
    expect(enumLabels(definitions['tenant.theme']?.properties?.font)).toEqual([
      'Inter: clean and modern',
      'Archivo: bold and compact',
      'Source Serif: classic, with serifs',
      'Oswald: tall and narrow',
    ]);
    expect(enumLabels(definitions['tenant.finance']?.properties?.provider)?.[0]).toBe(
      'A: cars up to 12 years old, over $500, with a comparison rate',
    );
  });

  it('names each value without a label by its pointer; numbers are labelled as text', () => {
    expect(ENUM_LABELS_KEYWORD).toBe('x-enum-labels');
    const schema = {
      properties: {
        level: { type: 'integer', enum: [1, 2], [ENUM_LABELS_KEYWORD]: { '1': 'Main heading' } },
        width: { type: 'string', enum: ['full', 'half'], [ENUM_LABELS_KEYWORD]: { full: 'Whole row', half: 'Half' } },
        only: { type: 'string', enum: ['one'] },
      },
      definitions: { 'filter.field': { enum: ['make', 'model'] } },
    };
    expect(unlabelledChoices(schema)).toEqual(['/properties/level: 2']);
    expect(enumLabels(schema.properties.level)).toEqual(['Main heading', '2']);
    expect(enumLabels(schema.properties.width)).toEqual(['Whole row', 'Half']);
    expect(enumLabels(schema.properties.only)).toBeUndefined();
  });
});

describe('an optional choice says what leaving it empty does (issue 32: no blank entry in a choice list)', () => {
  it('every optional choice of the Studio’s bundle without a default has its empty entry in words', () => {
    expect(unexplainedEmptyChoices(studioBundle)).toEqual([]);
    const definitions = studioBundle.definitions as Record<string, { properties?: Record<string, unknown> }>;
    expect(unsetLabel(definitions['tenant.menuItem']?.properties?.kind)).toBe('A plain link (the default)');
  });

  it('names each optional choice that says nothing by its pointer; required ones and defaults need nothing', () => {
    expect(UNSET_LABEL_KEYWORD).toBe('x-unset-label');
    const choice = { type: 'string', enum: ['a', 'b'] };
    const schema = {
      required: ['must'],
      properties: {
        must: choice,
        given: { ...choice, default: 'a' },
        said: { ...choice, [UNSET_LABEL_KEYWORD]: 'Neither (the default)' },
        silent: choice,
        one: { type: 'string', enum: ['only'] },
        nested: { type: 'object', properties: { 'a/b': choice } },
      },
    };
    expect(unexplainedEmptyChoices(schema)).toEqual(['/properties/silent', '/properties/nested/properties/a~1b']);
    expect(unsetLabel(schema.properties.said)).toBe('Neither (the default)');
    expect(unsetLabel({ ...choice, [UNSET_LABEL_KEYWORD]: '  ' })).toBeUndefined();
  });
});
