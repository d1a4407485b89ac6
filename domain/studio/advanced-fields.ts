/**
 * Basic and advanced settings (issue 32). A site editor changes a few things day to day (texts,
 * pictures, colours, links, switches); the rest (ids, visibility expressions, anchors, stock
 * filters, analytics event numbers, raw image paths, template internals, webhook and other
 * technical settings) is rarely touched and easy to break. The schema says which is which:
 * `"x-studio": "advanced"` on a property puts it behind the Studio's "More settings"; a property
 * without the keyword is basic. No other value is allowed.
 *
 * The rule is written down here, once, so the schemas, the Studio's form template (which reads
 * `schema['x-studio'] === 'advanced'`) and the test that keeps the schemas honest agree.
 */

/** The schema keyword that marks a property a site editor does not need day to day. */
export const STUDIO_KEYWORD = 'x-studio';

/** The one value of {@link STUDIO_KEYWORD}: the property goes behind "More settings". */
export const ADVANCED = 'advanced';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when a schema node (a property's schema) is marked advanced. */
export function isAdvanced(schemaNode: unknown): boolean {
  return isObject(schemaNode) && schemaNode[STUDIO_KEYWORD] === ADVANCED;
}

/** A kind of property that must be advanced, recognised by its name (and, for some, its parent's). */
export interface AdvancedPattern {
  /** Matches the property's name. */
  name: RegExp;
  /** When given, the name of the property or definition holding it must match too (e.g. `image` for `url`). */
  parent?: RegExp;
  /** Why such a property is advanced, in a sentence. */
  why: string;
}

/**
 * The property names that are always advanced. A property may be marked advanced without matching
 * one (a judgement call: a loading strategy, a chat provider); a property that matches one must be.
 */
export const ADVANCED_PATTERNS: readonly AdvancedPattern[] = [
  { name: /^id$|Id$/, why: 'an id (of a tile, an offer, a location...) is set once and referenced elsewhere' },
  { name: /^slug$/, why: 'a permanent short name used in web addresses and references' },
  { name: /^when$/, why: 'a visibility expression: the feature switch that must be on for the item to show' },
  { name: /^anchor$|Anchor$/i, why: "an anchor name that links point at (the part after '#')" },
  {
    name: /^(filter|baseFilter|eligibility|rules)$/,
    why: 'a stock filter or a set of stock conditions, written as data',
  },
  { name: /^event$|^eventByCarType$|EventId$|^analytics/i, why: 'an analytics event number' },
  { name: /^src$|Src$/, why: 'a raw image path; the image field uploads and fills it' },
  { name: /^url$/, parent: /^(image|logo|photo|picture)$/i, why: 'a raw image address; the image field fills it' },
  { name: /Env$/, why: 'the name of a server setting holding a secret' },
  { name: /^endpoint$/, why: 'the web address of an outside service (a webhook)' },
  { name: /^\$schema$|^schemaVersion$/, why: 'bookkeeping of the file format, filled in automatically' },
  { name: /^(template|layout|pages)$/, parent: /^(|tenant|page)$/, why: 'template internals' },
  { name: /^(prefill|autocomplete)$/, why: 'names of page-address parameters or browser autofill tokens' },
  { name: /^remoteHosts$/, why: 'the web hosts photos may be fetched from' },
];

/** A property that must be marked advanced because of its name (or its schema), or undefined. */
export function advancedReason(name: string, schemaNode: unknown, parent = ''): string | undefined {
  for (const pattern of ADVANCED_PATTERNS)
    if (pattern.name.test(name) && (!pattern.parent || pattern.parent.test(parent))) return pattern.why;
  if (isObject(schemaNode) && refersToStockFilter(schemaNode)) return 'a stock filter, written as data';
  return undefined;
}

/** `$ref` to the stock filter (`filter.schema.json`, or `#/definitions/filter` in the Studio's bundle). */
function refersToStockFilter(node: JsonObject): boolean {
  const ref = node.$ref;
  return typeof ref === 'string' && (ref === 'filter.schema.json' || ref === '#/definitions/filter');
}

/** One property of a schema, found by {@link propertiesOf}. */
export interface SchemaProperty {
  /** JSON pointer of the property's schema, e.g. `/definitions/tenant.offer/properties/id`. */
  pointer: string;
  name: string;
  /** The name of the property or definition that holds it ('' at the root). */
  parent: string;
  schema: JsonObject;
}

/** Keywords whose values are data or annotations, not schemas: nothing below them is a property. */
const NOT_SCHEMAS = new Set(['default', 'enum', 'const', 'examples']);

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every property of a schema at any depth (definitions, items, branches...), with its parent's name. */
export function propertiesOf(schema: unknown): SchemaProperty[] {
  const out: SchemaProperty[] = [];
  const walk = (node: unknown, pointer: string, parent: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, parent));
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (NOT_SCHEMAS.has(key) || key.startsWith('x-')) continue;
      const at = `${pointer}/${escape(key)}`;
      if (key === 'properties' && isObject(value)) {
        for (const [name, property] of Object.entries(value)) {
          if (!isObject(property)) continue;
          const propertyPointer = `${at}/${escape(name)}`;
          out.push({ pointer: propertyPointer, name, parent, schema: property });
          walk(property, propertyPointer, name);
        }
      } else if (key === 'definitions' && isObject(value)) {
        for (const [name, definition] of Object.entries(value))
          walk(definition, `${at}/${escape(name)}`, name.replace(/^[a-z]+\./, ''));
      } else walk(value, at, parent);
    }
  };
  walk(schema, '', '');
  return out;
}

/**
 * What is wrong with a schema's advanced marks, one line per problem naming the JSON pointer: a
 * property that must be advanced but is not marked, or a mark other than "advanced".
 */
export function advancedProblems(schema: unknown): string[] {
  const problems: string[] = [];
  for (const { pointer, name, parent, schema: property } of propertiesOf(schema)) {
    // A property written `true` inside an `if` or a branch only constrains the document.
    if (!('title' in property)) continue;
    if (STUDIO_KEYWORD in property && property[STUDIO_KEYWORD] !== ADVANCED)
      problems.push(
        `${pointer}: "${STUDIO_KEYWORD}" must be "${ADVANCED}" (leave it out for a basic field), found ${JSON.stringify(property[STUDIO_KEYWORD])}`,
      );
    const why = advancedReason(name, property, parent);
    if (why && !isAdvanced(property)) problems.push(`${pointer}: mark it "${STUDIO_KEYWORD}": "${ADVANCED}" (${why})`);
  }
  return problems;
}
