/**
 * The Tenant Studio's forms speak to a dealer's marketing coordinator (issue 32, "Words"): every
 * choice of a `oneOf`/`anyOf` has a label (rjsf otherwise shows "Option 1", "Option 2"), and no
 * label or help text carries a spec reference ("conversion §2.3"), a JSON pointer, a schema
 * definition or a type name. Developer notes belong in `$comment`, which the bundle leaves out.
 * The Studio shows a description's first sentence under the field and the rest behind a "?", so
 * the first sentence is short and plain.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 6901: "~" is written ~0 and "/" is ~1. */
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Keywords whose values are data, not schemas; x-* keywords are facts (a block's x-reads-request has an anyOf). */
const isDataKeyword = (key: string): boolean =>
  ['default', 'enum', 'const', 'examples'].includes(key) || key.startsWith('x-');

/** The longest first sentence a description may have, in characters. */
const FIRST_SENTENCE_MAX = 120;

/** Names written like types that are product names, not types. */
const PRODUCT_NAMES = new Set(['AutoGrab', 'JavaScript', 'PayPal', 'YouTube', 'LinkedIn', 'TikTok', 'WhatsApp']);

/** A description's first sentence: up to the first '.', '!' or '?' followed by a space and a new sentence. */
const firstSentence = (text: string): string => text.split(/(?<=[.!?])\s+(?=[A-Z'‘"(0-9])/)[0] ?? text;

/** A word written like a type (`MenuItem`, `FormDefinition`). */
const TYPE_NAME = /\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g;

/** Words that never belong in a label or help text, each with why. */
const FORBIDDEN: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /§/, why: 'a spec reference' },
  { pattern: /catalogue/i, why: 'a spec reference ("catalogue")' },
  { pattern: /conversion §/i, why: 'a spec reference ("conversion §")' },
  { pattern: /#\//, why: 'a JSON pointer' },
  { pattern: /\/pages\//, why: 'a JSON pointer ("/pages/")' },
  { pattern: /\boption \d/i, why: 'a generated choice label ("Option 1")' },
  { pattern: /`/, why: 'code formatting' },
  { pattern: /(^|[\s(])![a-zA-Z]/, why: 'a switch expression ("!accounts")' },
];

/**
 * A first sentence names no raw values: no snake_case or camelCase names and no page-address
 * parameters. (A placeholder an editor types into a text, such as '{brand}', is fine.)
 */
const TECHNICAL_IN_FIRST_SENTENCE = /\b[a-z]+_[a-z0-9_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\b|\?[a-z_]+=/;

interface Found {
  pointer: string;
  node: Json;
}

/** Every schema node of a document, with its JSON pointer, and whether it is a oneOf/anyOf branch. */
function schemaNodes(schema: unknown): (Found & { branch: boolean; property: boolean })[] {
  const out: (Found & { branch: boolean; property: boolean })[] = [];
  const walk = (node: unknown, pointer: string, branch: boolean, property: boolean): void => {
    if (!isObject(node)) return;
    out.push({ pointer, node, branch, property });
    for (const [key, value] of Object.entries(node)) {
      if (isDataKeyword(key)) continue;
      const at = `${pointer}/${escape(key)}`;
      if (key === 'properties' && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, `${at}/${escape(name)}`, false, true);
      } else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
        value.forEach((sub, i) => walk(sub, `${at}/${i}`, true, false));
      } else if (Array.isArray(value)) {
        value.forEach((sub, i) => walk(sub, `${at}/${i}`, false, false));
      } else walk(value, at, false, false);
    }
  };
  walk(schema, '', false, false);
  return out;
}

/** What a site editor would trip over, one line per problem, each naming the JSON pointer. */
function wordProblems(schema: unknown): string[] {
  const definitions = isObject(schema) && isObject(schema.definitions) ? Object.keys(schema.definitions) : [];
  // `tenant.menuItem`, and its bare name when it is written like code (`menuItem`, `signInGate`).
  const definitionNames = [
    ...definitions.filter((name) => name.includes('.')),
    ...definitions.map((name) => name.replace(/^[a-z]+\./, '')).filter((name) => /[A-Z]/.test(name)),
  ];
  const problems: string[] = [];
  for (const { pointer, node, branch, property } of schemaNodes(schema)) {
    const where = pointer || '/';
    if (branch && (typeof node.title !== 'string' || node.title.trim() === ''))
      problems.push(`${where}: add a "title" to this choice (the Studio shows "Option 1" without one)`);
    for (const key of ['title', 'description'] as const) {
      const text = node[key];
      if (typeof text !== 'string') continue;
      for (const { pattern, why } of FORBIDDEN)
        if (pattern.test(text)) problems.push(`${where}/${key}: ${why} in "${text}"; move it to a $comment`);
      for (const name of definitionNames)
        if (new RegExp(`(^|[^\\w.])${name.replace(/\./g, '\\.')}(?![\\w])`).test(text))
          problems.push(`${where}/${key}: names the schema definition "${name}" in "${text}"`);
      for (const word of text.match(TYPE_NAME) ?? [])
        if (!PRODUCT_NAMES.has(word)) problems.push(`${where}/${key}: the type name "${word}" in "${text}"`);
    }
    if (typeof node.description === 'string' && (property || branch || pointer === '')) {
      const first = firstSentence(node.description);
      if (first.length > FIRST_SENTENCE_MAX)
        problems.push(
          `${where}/description: the first sentence has ${first.length} characters (at most ${FIRST_SENTENCE_MAX}): "${first}"`,
        );
      const technical = TECHNICAL_IN_FIRST_SENTENCE.exec(first);
      if (technical) problems.push(`${where}/description: "${technical[0]}" in the first sentence "${first}"`);
    }
  }
  return problems;
}

const studio = JSON.parse(readFileSync(fileURLToPath(new URL('studio.schema.json', import.meta.url)), 'utf8')) as Json;

describe('the Studio speaks in a site editor’s words (issue 32)', () => {
  it('schemas/studio.schema.json: every choice has a label, and no label or help text carries spec, schema or type names', () => {
    // Guards against a walk that finds nothing and so passes vacuously.
    expect(schemaNodes(studio).filter((n) => n.branch).length).toBeGreaterThan(50);
    expect(wordProblems(studio)).toEqual([]);
  });
});

describe('the words check itself', () => {
  it('names each problem by its JSON pointer', () => {
    const schema = {
      description: 'Fine.',
      properties: {
        a: {
          title: 'A',
          description: 'See conversion §2.3 and #/definitions/x.menuItem.',
          anyOf: [{ title: 'One', type: 'string' }, { type: 'null' }],
        },
        b: { title: 'MenuItem', description: 'Show it with `when`, e.g. !accounts.' },
        c: { title: 'C', description: `${'Long '.repeat(30)}sentence. Short one.` },
        d: { title: 'D', description: 'Filters by car_type. Later a car_type is fine.' },
      },
      definitions: { 'x.menuItem': { title: 'Menu item', 'x-reads-request': { anyOf: [{ prop: 'a' }] } } },
    };
    expect(wordProblems(schema)).toEqual([
      '/properties/a/description: a spec reference in "See conversion §2.3 and #/definitions/x.menuItem."; move it to a $comment',
      '/properties/a/description: a spec reference ("conversion §") in "See conversion §2.3 and #/definitions/x.menuItem."; move it to a $comment',
      '/properties/a/description: a JSON pointer in "See conversion §2.3 and #/definitions/x.menuItem."; move it to a $comment',
      '/properties/a/description: names the schema definition "x.menuItem" in "See conversion §2.3 and #/definitions/x.menuItem."',
      '/properties/a/description: "menuItem" in the first sentence "See conversion §2.3 and #/definitions/x.menuItem."',
      '/properties/a/anyOf/1: add a "title" to this choice (the Studio shows "Option 1" without one)',
      '/properties/b/title: the type name "MenuItem" in "MenuItem"',
      '/properties/b/description: code formatting in "Show it with `when`, e.g. !accounts."; move it to a $comment',
      '/properties/b/description: a switch expression ("!accounts") in "Show it with `when`, e.g. !accounts."; move it to a $comment',
      `/properties/c/description: the first sentence has 159 characters (at most ${FIRST_SENTENCE_MAX}): "${'Long '.repeat(30)}sentence."`,
      '/properties/d/description: "car_type" in the first sentence "Filters by car_type."',
    ]);
  });
});
