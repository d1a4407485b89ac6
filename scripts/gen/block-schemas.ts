/**
 * Everything `npm run gen` learns from the blocks/<Name>/schema.json files: the block union
 * (schemas/blocks.schema.json, which the Studio reads for its labels and help text) and the
 * blocks' facts (blocks/block-facts.generated.ts, which the engine reads). A block's folder is
 * the only place its facts are written.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  BLOCK_CATEGORIES,
  EVERY_PAGE_KIND,
  LAYOUT_ONLY,
  METADATA_SUBJECTS,
  PAGE_KINDS,
  type BlockFacts,
} from '../../blocks/types';
import { BLOCK_FACT_KEYWORDS } from '../../schemas/ajv';
import { ADVANCED, STUDIO_KEYWORD } from '../../domain/studio/advanced-fields';
import { ENUM_LABELS_KEYWORD, UNSET_LABEL_KEYWORD } from '../../domain/studio/enum-labels';

type Json = Record<string, unknown>;

export interface BlockSchemaFile {
  name: string;
  schema: Json;
}

/** The x-* keywords a block's schema.json may declare at its root, beside its props. */
export const FACT_KEYWORDS = BLOCK_FACT_KEYWORDS;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Every blocks/<Name>/schema.json under root, by name. */
export function readBlockSchemas(root: string): BlockSchemaFile[] {
  const dir = join(root, 'blocks');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'schema.json')))
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, schema: JSON.parse(readFileSync(join(dir, name, 'schema.json'), 'utf8')) as Json }));
}

/** Sub-schemas of a schema node that can hold more props (objects in arrays, anyOf branches...), by JSON pointer step. */
function children(node: Json): Array<[string, Json]> {
  const out: Array<[string, unknown]> = [];
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames'])
    out.push([`/${key}`, node[key]]);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((sub, i) => out.push([`/${key}/${i}`, sub]));
  return out.filter((entry): entry is [string, Json] => isObject(entry[1]));
}

function conditionProblems(condition: unknown, props: string[], where: string): string[] {
  if (!isObject(condition))
    return [`${where}: expected true or a condition object, found ${JSON.stringify(condition)}`];
  if ('anyOf' in condition) {
    const list = condition.anyOf;
    if (!Array.isArray(list) || list.length === 0 || Object.keys(condition).length !== 1)
      return [`${where}: "anyOf" must be the only key and hold a non-empty list of conditions`];
    return list.flatMap((c, i) => conditionProblems(c, props, `${where}/anyOf/${i}`));
  }
  const problems: string[] = [];
  const { prop, ...test } = condition;
  if (typeof prop !== 'string' || !props.includes(prop))
    problems.push(`${where}: "prop" must name one of the block's props (${props.join(', ') || 'none'})`);
  const keys = Object.keys(test);
  const scalar = (v: unknown): boolean => ['string', 'number', 'boolean'].includes(typeof v);
  const ok =
    keys.length === 1 &&
    ((keys[0] === 'equals' && scalar(test.equals)) ||
      (keys[0] === 'notEquals' && scalar(test.notEquals)) ||
      (keys[0] === 'notEmpty' && test.notEmpty === true));
  if (!ok) problems.push(`${where}: expected exactly one of "equals": <value>, "notEquals": <value>, "notEmpty": true`);
  return problems;
}

/**
 * What is missing or wrong in a block's schema.json: the Studio needs a title and description on
 * the block and on every prop (nested ones too), and the facts must be well formed.
 */
export function blockSchemaProblems(name: string, schema: Json): string[] {
  const file = `blocks/${name}/schema.json`;
  const problems: string[] = [];
  if (!filled(schema.title))
    problems.push(`${file}: add a "title" (the block's name in the Studio, e.g. "Hero banner")`);
  if (!filled(schema.description))
    problems.push(`${file}: add a "description" (what the block shows, for the person placing it)`);
  const props = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  for (const key of Object.keys(schema).filter((k) => k.startsWith('x-')))
    if (!(FACT_KEYWORDS as readonly string[]).includes(key))
      problems.push(`${file}: unknown fact "${key}"; facts are ${FACT_KEYWORDS.join(', ')}`);
  if (!(BLOCK_CATEGORIES as readonly unknown[]).includes(schema['x-category']))
    problems.push(`${file}: "x-category" must be one of ${BLOCK_CATEGORIES.join(', ')}`);
  if ('x-metadata' in schema && !(METADATA_SUBJECTS as readonly unknown[]).includes(schema['x-metadata']))
    problems.push(`${file}: "x-metadata" must be one of ${METADATA_SUBJECTS.join(', ')}`);
  const kinds = schema['x-page-kinds'];
  const kindList =
    kinds === EVERY_PAGE_KIND ||
    kinds === LAYOUT_ONLY ||
    (Array.isArray(kinds) &&
      kinds.length > 0 &&
      new Set(kinds).size === kinds.length &&
      kinds.every((k) => (PAGE_KINDS as readonly unknown[]).includes(k)));
  if (!kindList)
    problems.push(
      `${file}: "x-page-kinds" must list the kinds of page the block may go on (some of ${PAGE_KINDS.join(', ')}, each once), or be "${EVERY_PAGE_KIND}" for a block the header, the footer and every page may hold, or "${LAYOUT_ONLY}" for one only the header and footer hold`,
    );
  if ('x-reads-request' in schema && schema['x-reads-request'] !== true)
    problems.push(...conditionProblems(schema['x-reads-request'], props, `${file}: x-reads-request`));
  if ('x-query-only' in schema && (schema['x-query-only'] !== true || !('x-reads-request' in schema)))
    problems.push(`${file}: "x-query-only" must be true, beside an "x-reads-request" (it says how the block reads it)`);
  if ('x-form-props' in schema) {
    const list = schema['x-form-props'];
    if (!Array.isArray(list) || list.length === 0 || list.some((p) => typeof p !== 'string' || !props.includes(p)))
      problems.push(`${file}: "x-form-props" must list some of the block's props (${props.join(', ')})`);
  }
  const visit = (node: Json, pointer: string): void => {
    for (const key of Object.keys(node))
      if (key === STUDIO_KEYWORD && pointer !== '') {
        // The one x-* keyword of a prop: it puts the prop behind the Studio's "More settings".
        if (node[key] !== ADVANCED || !/\/properties\/[^/]+$/.test(pointer))
          problems.push(`${file}${pointer}: "${key}" must be "${ADVANCED}", on a prop (leave it out for a basic one)`);
      } else if (key === ENUM_LABELS_KEYWORD && pointer !== '') {
        // A prop's choices in words: a label for every value of its "enum".
        const values = Array.isArray(node.enum) ? node.enum : undefined;
        const labels = node[key];
        if (!values || !isObject(labels) || values.some((v) => typeof labels[String(v)] !== 'string'))
          problems.push(`${file}${pointer}: "${key}" must sit beside an "enum" and label each of its values`);
      } else if (key === UNSET_LABEL_KEYWORD && pointer !== '') {
        // What the prop's choice left empty does, in words (the empty entry of its list).
        if (!Array.isArray(node.enum) || typeof node[key] !== 'string' || !String(node[key]).trim())
          problems.push(`${file}${pointer}: "${key}" must be a sentence, beside an "enum"`);
      } else if (key.startsWith('x-') && pointer !== '')
        problems.push(`${file}${pointer}: "${key}" belongs at the root of the schema, beside "properties"`);
    if (isObject(node.properties))
      for (const [prop, sub] of Object.entries(node.properties)) {
        if (!isObject(sub)) continue;
        const at = `${pointer}/properties/${prop}`;
        if (!filled(sub.title)) problems.push(`${file}${at}: add a "title" (the field's label in the Studio)`);
        if (!filled(sub.description))
          problems.push(`${file}${at}: add a "description" (help text for the person editing the site)`);
        visit(sub, at);
      }
    for (const [step, child] of children(node)) visit(child, `${pointer}${step}`);
  };
  visit(schema, '');
  return problems;
}

/** schemas/blocks.schema.json: the union of every block, each with its schema.json as `props`. */
export function blocksUnionSchema(blocks: readonly BlockSchemaFile[]): Json {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'blocks.schema.json',
    $comment: 'Generated by `npm run gen` from blocks/*/schema.json. Do not edit.',
    title: 'Block',
    description:
      'A block of a page: what it shows, its settings, and optionally an anchor name and a switch that must be on.',
    type: 'object',
    properties: { type: { description: 'The kind of block.', type: 'string' } },
    required: ['type'],
    discriminator: { propertyName: 'type' },
    oneOf: blocks.map(({ name, schema }) => ({
      title: schema.title,
      description: schema.description,
      type: 'object',
      properties: {
        type: { const: name },
        id: {
          [STUDIO_KEYWORD]: ADVANCED,
          title: 'Anchor name',
          description:
            "Optional name for linking straight to this block: the part after '#' in a link. Lower-case letters, digits and '-', starting with a letter, unique on the page.",
          type: 'string',
          pattern: '^[a-z][a-z0-9-]*$',
        },
        when: {
          [STUDIO_KEYWORD]: ADVANCED,
          title: 'Show when',
          description:
            "Shows the block only while this feature switch of the site is on; a leading '!' shows it while the switch is off.",
          $ref: 'page.schema.json#/definitions/switch',
        },
        props: schema,
      },
      required: ['type', 'props'],
      additionalProperties: false,
    })),
  };
}

/** Drops Studio-only keywords (titles and facts) from a schema node and everything below it. */
function withoutStudioKeywords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutStudioKeywords);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'title' || key.startsWith('x-')) continue;
    // Beside a $ref, a description makes json-schema-to-typescript copy the referenced type (and
    // it cannot resolve a circular one, a slot of blocks, at all): the prop keeps the shared type.
    if (key === 'description' && '$ref' in node) continue;
    // A properties map's keys are prop names, not keywords: a prop may well be called "title".
    out[key] =
      (key === 'properties' || key === 'definitions') && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutStudioKeywords(v)]))
        : withoutStudioKeywords(value);
  }
  return out;
}

/**
 * The block union as the TypeScript generator should see it: json-schema-to-typescript names a
 * type after every `title`, so the Studio's labels are dropped and each block keeps the names
 * code uses (HeroBlock, HeroProps).
 */
export function blocksUnionForTypes(union: Json): Json {
  const branches = (union.oneOf as Json[]).map((branch) => {
    const properties = branch.properties as Json;
    const name = (properties.type as { const: string }).const;
    return {
      ...(withoutStudioKeywords(branch) as Json),
      title: `${name}Block`,
      properties: {
        ...(withoutStudioKeywords(properties) as Json),
        props: { ...(withoutStudioKeywords(properties.props) as Json), title: `${name}Props` },
      },
    };
  });
  return { ...union, oneOf: branches };
}

/** Each block's facts, from the root of its schema.json. */
export function blockFacts(blocks: readonly BlockSchemaFile[]): Record<string, BlockFacts> {
  return Object.fromEntries(
    blocks.map(({ name, schema }) => {
      const facts: BlockFacts = {
        title: schema.title as string,
        category: schema['x-category'] as BlockFacts['category'],
        pageKinds: schema['x-page-kinds'] as BlockFacts['pageKinds'],
      };
      if ('x-reads-request' in schema) facts.readsRequest = schema['x-reads-request'] as BlockFacts['readsRequest'];
      if (schema['x-query-only'] === true) facts.queryOnly = true;
      if ('x-form-props' in schema) facts.formProps = schema['x-form-props'] as string[];
      if ('x-metadata' in schema) facts.metadata = schema['x-metadata'] as BlockFacts['metadata'];
      return [name, facts];
    }),
  );
}

/** blocks/block-facts.generated.ts: the facts as a constant typed per block type. */
export function blockFactsModule(facts: Record<string, BlockFacts>): string {
  const rows = Object.entries(facts).map(([name, f]) => `  ${name}: ${JSON.stringify(f)},`);
  return [
    '// Generated by `npm run gen` from the root of every blocks/*/schema.json (title, x-category,',
    '// x-reads-request, x-query-only, x-form-props, x-metadata, x-page-kinds). Do not edit: change the',
    "// block's schema.json.",
    "import type { BlockFactTable } from './types';",
    '',
    'export const blockFacts: BlockFactTable = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}
