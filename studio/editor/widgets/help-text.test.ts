/**
 * The pure parts of the editor's fields (issue 32): a help text's first sentence and the rest
 * (help-text.ts), and what an empty field shows and the choices of a switch (inherited-value.ts).
 */
import { describe, expect, it } from 'vitest';
import { splitHelp } from './help-text';
import {
  emptyChoiceLabel,
  fallbackFor,
  leftEmptyWords,
  plainValueAt,
  saysWhatUnsetMeans,
  switchChoices,
  valueInWords,
} from './inherited-value';

describe('splitHelp', () => {
  it('keeps a one-sentence help whole', () => {
    expect(splitHelp('The dealer’s trading name, shown in the header.')).toEqual({
      first: 'The dealer’s trading name, shown in the header.',
      rest: '',
    });
    expect(splitHelp('  A hint under the field  ')).toEqual({ first: 'A hint under the field', rest: '' });
    expect(splitHelp('')).toEqual({ first: '', rest: '' });
  });

  it('splits after the first sentence', () => {
    expect(
      splitHelp(
        'Turn parts of the site on or off, e.g. the special offers page. Menu items linked to a switch show only while it is on.',
      ),
    ).toEqual({
      first: 'Turn parts of the site on or off, e.g. the special offers page.',
      rest: 'Menu items linked to a switch show only while it is on.',
    });
  });

  it('does not end a sentence at e.g., i.e., an initial, a web address or a file name', () => {
    const text =
      'The web addresses, e.g. www.example.com.au. Add each address separately; i.e. One per line for J. Smith.';
    expect(splitHelp(text)).toEqual({
      first: 'The web addresses, e.g. www.example.com.au.',
      rest: 'Add each address separately; i.e. One per line for J. Smith.',
    });
    expect(splitHelp('Defaults come from defaults.json and forms.json, e.g. Mazda. Then more.').first).toBe(
      'Defaults come from defaults.json and forms.json, e.g. Mazda.',
    );
    expect(splitHelp('Only the (https://...) address. More.').first).toBe('Only the (https://...) address.');
  });

  it('ends a sentence at ! and ?, after closing quotes and brackets, and before digits and quotes', () => {
    expect(splitHelp('Careful! It shows everywhere.')).toEqual({ first: 'Careful!', rest: 'It shows everywhere.' });
    expect(splitHelp('Shown as ‘Sold’. 0 hides it.')).toEqual({ first: 'Shown as ‘Sold’.', rest: '0 hides it.' });
    expect(splitHelp('Text beside it (e.g. cars sold.) “Sold” is the default.')).toEqual({
      first: 'Text beside it (e.g. cars sold.)',
      rest: '“Sold” is the default.',
    });
    expect(splitHelp('Lower case. then more words.').rest).toBe('');
  });

  it('ends the first part at a blank line', () => {
    expect(splitHelp('First paragraph without a stop\n\nSecond paragraph. Third sentence.')).toEqual({
      first: 'First paragraph without a stop',
      rest: 'Second paragraph. Third sentence.',
    });
  });
});

describe('fallbackFor', () => {
  const inherited = { locale: { timeZone: 'Australia/Brisbane' }, features: { offers: true, blank: '' }, list: [1, 2] };

  it('finds a plain inherited value at a path, not an object or a list', () => {
    expect(plainValueAt(inherited, ['locale', 'timeZone'])).toBe('Australia/Brisbane');
    expect(plainValueAt(inherited, ['list', 1])).toBe(2);
    expect(plainValueAt(inherited, ['locale'])).toBeUndefined();
    expect(plainValueAt(inherited, ['list'])).toBeUndefined();
    expect(plainValueAt(inherited, ['locale', 'timeZone', 'deeper'])).toBeUndefined();
    expect(plainValueAt(undefined, ['x'])).toBeUndefined();
  });

  it('prefers the template’s value, then the schema default, and says nothing for empty text', () => {
    expect(fallbackFor(inherited, ['features', 'offers'], false)).toEqual({ value: true, from: 'template' });
    expect(fallbackFor(inherited, ['features', 'brandsPage'], false)).toEqual({ value: false, from: 'default' });
    expect(fallbackFor(undefined, ['x'], 'car')).toEqual({ value: 'car', from: 'default' });
    expect(fallbackFor(inherited, ['features', 'blank'], 'x')).toBeUndefined();
    expect(fallbackFor(inherited, ['nothing'], {})).toBeUndefined();
    expect(fallbackFor(inherited, ['nothing'], undefined)).toBeUndefined();
  });

  it('says values in words, never as JSON', () => {
    expect(valueInWords(true)).toBe('On');
    expect(valueInWords(false)).toBe('Off');
    expect(valueInWords(14)).toBe('14');
    expect(valueInWords('Australia/Sydney')).toBe('“Australia/Sydney”');
    const long = valueInWords('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(82);
    expect(long.endsWith('…”')).toBe(true);
    expect(leftEmptyWords({ value: 'car', from: 'template' })).toBe('Left empty: the template’s “car”.');
    expect(leftEmptyWords({ value: 2, from: 'default' })).toBe('Left empty: the default 2.');
    // A choice by its label, never its code.
    const country = (value: unknown) => (value === 'AU' ? 'Australia' : undefined);
    expect(leftEmptyWords({ value: 'AU', from: 'default' }, country)).toBe(
      'Left empty: the default choice, Australia.',
    );
    expect(leftEmptyWords({ value: 'AU', from: 'template' }, country)).toBe(
      'Left empty: the template’s choice, Australia.',
    );
    expect(leftEmptyWords({ value: 'NZ', from: 'default' }, country)).toBe('Left empty: the default “NZ”.');
  });
});

describe('switchChoices', () => {
  const labels = (options: Parameters<typeof switchChoices>[0]) => switchChoices(options).map((c) => c.label);

  it('offers the template default with its current state, which stores nothing', () => {
    const choices = switchChoices({
      fallback: { value: true, from: 'template' },
      layered: true,
      optional: true,
      unsetMeaningful: false,
    });
    expect(choices).toEqual([
      { key: 'on', label: 'On', value: true },
      { key: 'off', label: 'Off', value: false },
      { key: 'default', label: 'Template default (now On)', value: undefined },
    ]);
    expect(
      labels({ fallback: { value: false, from: 'default' }, layered: true, optional: true, unsetMeaningful: false }),
    ).toEqual(['On', 'Off', 'Template default (now Off)']);
    // A block's props: no template beneath, only the schema's default.
    expect(
      labels({ fallback: { value: false, from: 'default' }, layered: false, optional: true, unsetMeaningful: false }),
    ).toEqual(['On', 'Off', 'Default (now Off)']);
  });

  it('offers only On and Off without a default, and Not set when empty means something', () => {
    expect(labels({ fallback: undefined, layered: true, optional: true, unsetMeaningful: false })).toEqual([
      'On',
      'Off',
    ]);
    expect(labels({ fallback: undefined, layered: true, optional: true, unsetMeaningful: true })).toEqual([
      'On',
      'Off',
      'Not set',
    ]);
    expect(labels({ fallback: undefined, layered: true, optional: false, unsetMeaningful: true })).toEqual([
      'On',
      'Off',
    ]);
    // A default that is not a yes/no says nothing about the switch.
    expect(
      labels({ fallback: { value: 'yes', from: 'default' }, layered: true, optional: true, unsetMeaningful: false }),
    ).toEqual(['On', 'Off']);
  });

  it('reads from the help whether leaving a field empty means something', () => {
    expect(saysWhatUnsetMeans('Not set: the field is asked on every form. Ticked: only on forms about a car.')).toBe(
      true,
    );
    expect(saysWhatUnsetMeans('Leave empty to use the primary location.')).toBe(true);
    expect(saysWhatUnsetMeans('Turns the chat bubble on for the whole site.')).toBe(false);
  });
});

describe('emptyChoiceLabel (issue 32: a choice list’s empty entry in words)', () => {
  const sizes = [
    { value: 'small', label: 'Small' },
    { value: 'medium', label: 'Medium' },
  ];
  it('says the template’s choice by its label while the template decides', () => {
    expect(emptyChoiceLabel({ value: 'medium', from: 'template' }, 'Small (the default)', sizes)).toBe(
      'Template default (now Medium)',
    );
    expect(emptyChoiceLabel({ value: 'huge', from: 'template' }, undefined, sizes)).toBe(
      'Template default (now “huge”)',
    );
  });
  it('else the schema’s words for empty, else nothing', () => {
    expect(emptyChoiceLabel(undefined, 'A plain link (the default)', sizes)).toBe('A plain link (the default)');
    expect(emptyChoiceLabel({ value: 'small', from: 'default' }, undefined, sizes)).toBeUndefined();
    expect(emptyChoiceLabel(undefined, undefined, sizes)).toBeUndefined();
  });
});
