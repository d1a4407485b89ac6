/**
 * What a field left empty shows on the site (issues 16 and 32): the value the site's template or
 * dealer group sets at the same path (the form's `context.inherited`), else the schema's default.
 * Shared by FieldTemplate (the "Left empty: …" line under a field) and SwitchWidget ("Template
 * default (now On)"). Pure, so it is tested on its own (help-text.test.ts).
 */

export type PlainValue = string | number | boolean;

export interface Fallback {
  value: PlainValue;
  /** `template`: the template or dealer group sets it; `default`: the schema's default. */
  from: 'template' | 'default';
}

const isPlain = (value: unknown): value is PlainValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The value at a path of the inherited document, when it is a plain value (not an object or list). */
export function plainValueAt(
  document: Record<string, unknown> | undefined,
  path: readonly (string | number)[],
): PlainValue | undefined {
  let node: unknown = document;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return isPlain(node) ? node : undefined;
}

/**
 * What applies at `path` while the site leaves it empty: the inherited value there, else the
 * schema's default; undefined when neither says anything (or the value is empty text).
 */
export function fallbackFor(
  inherited: Record<string, unknown> | undefined,
  path: readonly (string | number)[],
  schemaDefault: unknown,
): Fallback | undefined {
  const fromTemplate = inherited ? plainValueAt(inherited, path) : undefined;
  const fallback: Fallback | undefined =
    fromTemplate !== undefined
      ? { value: fromTemplate, from: 'template' }
      : isPlain(schemaDefault)
        ? { value: schemaDefault, from: 'default' }
        : undefined;
  return fallback && fallback.value !== '' ? fallback : undefined;
}

const LONGEST = 80;

/** A value in words: On or Off, a number, or text in quotes (cut short when long). */
export function valueInWords(value: PlainValue): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'number') return String(value);
  const oneLine = value.replace(/\s+/g, ' ').trim();
  return `“${oneLine.length > LONGEST ? `${oneLine.slice(0, LONGEST - 1).trimEnd()}…` : oneLine}”`;
}

/**
 * The line under an empty field, e.g. `Left empty: the template’s “Australia/Sydney”.`; for a choice,
 * by its label (`choiceLabel`, from the schema's `x-enum-labels`), never its code:
 * `Left empty: the default choice, Australia.`
 */
export function leftEmptyWords(fallback: Fallback, choiceLabel?: (value: PlainValue) => string | undefined): string {
  const label = choiceLabel?.(fallback.value);
  if (label) return `Left empty: ${fallback.from === 'template' ? 'the template’s' : 'the default'} choice, ${label}.`;
  const whose = fallback.from === 'template' ? 'the template’s' : 'the default';
  return `Left empty: ${whose} ${valueInWords(fallback.value)}.`;
}

/** One choice of a switch (SwitchWidget): what it is called and the value it stores (undefined: none). */
export interface SwitchChoice {
  key: 'on' | 'off' | 'default' | 'unset';
  label: string;
  value: boolean | undefined;
}

export interface SwitchChoiceOptions {
  /** On or off while the site leaves the switch empty, if anything says so. */
  fallback: Fallback | undefined;
  /** The form layers over a template (the document's root): its default is "Template default". */
  layered: boolean;
  /** The field may be left empty (not required). */
  optional: boolean;
  /** The field's help says what leaving it empty means ("Not set: …", "Leave empty to …"). */
  unsetMeaningful: boolean;
}

/** Whether a field's help text gives leaving the field empty a meaning of its own. */
export const saysWhatUnsetMeans = (help: string): boolean =>
  /\b(not set|unset|left empty|leave (it )?empty|leave (it )?blank)\b/i.test(help);

/**
 * The choices of a switch: On and Off, then "Template default (now On)" when something says what
 * an empty switch means, or "Not set" when the field is optional and its help gives empty a
 * meaning; otherwise only On and Off.
 */
export function switchChoices(options: SwitchChoiceOptions): SwitchChoice[] {
  const choices: SwitchChoice[] = [
    { key: 'on', label: 'On', value: true },
    { key: 'off', label: 'Off', value: false },
  ];
  const now = options.fallback && typeof options.fallback.value === 'boolean' ? options.fallback.value : undefined;
  if (now !== undefined) {
    const name = options.layered || options.fallback?.from === 'template' ? 'Template default' : 'Default';
    choices.push({ key: 'default', label: `${name} (now ${now ? 'On' : 'Off'})`, value: undefined });
  } else if (options.optional && options.unsetMeaningful) {
    choices.push({ key: 'unset', label: 'Not set', value: undefined });
  }
  return choices;
}

/**
 * The empty entry of an optional choice list (SelectWidget): "Template default (now Medium)" when
 * the template or dealer group decides while the site leaves it empty, else the schema's words for
 * empty (`x-unset-label`, "A plain link (the default)"), else nothing (rjsf's blank entry).
 */
export function emptyChoiceLabel(
  fallback: Fallback | undefined,
  unset: string | undefined,
  choices: readonly { value: unknown; label: string }[],
): string | undefined {
  if (fallback?.from === 'template') {
    const chosen = choices.find((choice) => choice.value === fallback.value);
    return `Template default (now ${chosen ? chosen.label : valueInWords(fallback.value)})`;
  }
  return unset;
}
