/**
 * A tenant form's JSON Schema checked in the browser without generating code (issue 30, L6): ajv
 * compiles a schema into a function with `new Function`, which a Content-Security-Policy without
 * 'unsafe-eval' refuses. This is an interpreter of exactly the JSON Schema the form compiler emits
 * (./compile-form.ts: type, properties, required, const, enum, lengths, pattern, format, numeric
 * limits, items, uniqueItems, and ajv-errors' errorMessage), giving what react-hook-form's ajv
 * resolver gave: per field path, the first error's message and keyword. It follows ajv 8
 * (allErrors, ajv-formats' full formats, ajv-errors) keyword for keyword, in ajv's order, so the
 * messages are the same; the server still validates with ajv (./form-validator.ts) and is the
 * authority. form-schema-check.test.ts runs both over every form of every tenant and template, and
 * over generated answers, so they cannot drift. A keyword outside that subset throws
 * UnsupportedSchemaError rather than pass unchecked. Pure; imports no validator.
 */
import {
  duplicateItems,
  equal,
  escapePointer,
  fullFormat,
  hasJsonType,
  isRecord,
  NUMBER_LIMITS,
  patternRegExp,
  ucs2length,
  unescapePointer,
  type FormatTest,
} from '../json-schema-primitives';

type Schema = Readonly<Record<string, unknown>>;

/** An error as ajv reports it (before ajv-errors), or the errorMessage error that replaced some. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/** What the ajv resolver keeps of a field's errors: the first one's message and keyword. */
export interface FieldSchemaError {
  message: string;
  type: string;
}

/** The schema uses something this interpreter does not follow ajv in: the form is left to the server. */
export class UnsupportedSchemaError extends Error {}

/**
 * ajv's keyword groups in the order it evaluates them (ajv.RULES, pinned by the test): first the
 * keywords of any type, then those of one data type, each run only for data of that type.
 */
export const KEYWORD_GROUPS: ReadonlyArray<{ type?: 'number' | 'string' | 'array' | 'object'; keywords: string[] }> = [
  { keywords: ['type', 'const', 'enum'] },
  { type: 'number', keywords: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format'] },
  { type: 'string', keywords: ['maxLength', 'minLength', 'pattern', 'format'] },
  { type: 'array', keywords: ['maxItems', 'minItems', 'items', 'uniqueItems'] },
  { type: 'object', keywords: ['required', 'properties'] },
];

/** Every keyword this interpreter follows: the groups' and ajv-errors' errorMessage. */
export const FORM_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  ...KEYWORD_GROUPS.flatMap((group) => group.keywords),
  'errorMessage',
]);

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);

/** The form's ajv has ajv's strict defaults: strictNumbers, a number is finite (NaN and Infinity are no numbers). */
const NUMBERS = { strictNumbers: true };
const hasType = (type: string, data: unknown): boolean => hasJsonType(type, data, NUMBERS);

/** A format of ajv-formats (full mode), as ajv uses it: strict, so an unknown one refuses the schema. */
function formatTest(name: string, at: string): FormatTest {
  const format = fullFormat(name);
  if (!format) throw new Error(`unknown format "${name}" ignored in schema at path "${at}"`);
  return format;
}

/** Where the data is, for errorMessage's `${pointer}` templates: the values from the root down, and the names. */
interface DataPlace {
  path: string;
  level: number;
  datas: readonly unknown[];
  names: ReadonlyArray<string | number | undefined>;
}

const TEMPLATE = /\$\{[^}]+\}/;
const ABSOLUTE_POINTER = /^\/(?:[^~]|~0|~1)*$/;
const RELATIVE_POINTER = /^([0-9]+)(#|\/(?:[^~]|~0|~1)*)?$/;

/**
 * An ajv-errors message with `${pointer}` templates, as a function of where the data is: each
 * pointer (absolute /a/b, or relative 0, 1/a, 0#) becomes the JSON of the value it points at.
 * A pointer ajv refuses throws as ajv's compilation does.
 */
function compileMessage(message: string, level: number): (place: DataPlace) => string {
  if (!TEMPLATE.test(message)) return () => message;
  // ajv-errors finds the pointers in the message as a JavaScript string literal, escapes and all.
  const literal = JSON.stringify(message)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const texts: string[] = [];
  const reads: Array<(place: DataPlace) => unknown> = [];
  let last = 0;
  for (const match of literal.matchAll(/\$\{([^}]+)\}/g)) {
    texts.push(literal.slice(last, match.index));
    last = match.index + match[0].length;
    reads.push(pointerReader(match[1] ?? '', level));
  }
  texts.push(literal.slice(last));
  const pieces = texts.map(
    (text, i) => JSON.parse(`${i ? '"' : ''}${text}${i < texts.length - 1 ? '"' : ''}`) as string,
  );
  return (place) =>
    pieces
      .map((piece, i) => (i < reads.length ? `${piece}${String(JSON.stringify(reads[i]?.(place)))}` : piece))
      .join('');
}

function pointerReader(pointer: string, level: number): (place: DataPlace) => unknown {
  let up = level;
  let rest = pointer;
  if (pointer[0] === '/') {
    if (!ABSOLUTE_POINTER.test(pointer)) throw new Error(`Invalid JSON-pointer: ${pointer}`);
  } else {
    const match = RELATIVE_POINTER.exec(pointer);
    if (!match) throw new Error(`Invalid JSON-pointer: ${pointer}`);
    up = Number(match[1]);
    rest = match[2] ?? '';
    if (rest === '#') {
      if (up >= level) throw new Error(`Cannot access property/index ${up} levels up, current level is ${level}`);
      return (place) => place.names[level - up];
    }
    if (up > level) throw new Error(`Cannot access data ${up} levels up, current level is ${level}`);
    // ajv's generated code keeps a property's value in a variable that its optimiser inlines where it
    // is read once, which the template (opaque to it) then reads undefined: whether that throws
    // depends on the rest of the code. Not followed here: such a form is left to the server.
    if (level - up > 0)
      throw new UnsupportedSchemaError(`the message template \${${pointer}} reads a property's value`);
  }
  const from = pointer[0] === '/' ? 0 : level - up;
  const segments = rest
    .split('/')
    .filter(Boolean)
    .map((segment) => unescapePointer(segment));
  return (place) => {
    // As ajv's generated `data && data.a && data.a.b`: the first falsy value on the way, or the end.
    let value = place.datas[from];
    for (const segment of segments) {
      if (!value) return value;
      value = (value as Record<string, unknown>)[segment];
    }
    return value;
  };
}

/** What a node of the schema needs at run time, made once per schema (as ajv compiles once). */
interface Plan {
  schema: Schema;
  schemaPath: string;
  types: string[];
  /** Types were tested up front (no keyword of the one type's group), as ajv does. */
  typesUpFront: boolean;
  properties: Array<{ name: string; plan: Plan }>;
  items?: Plan;
  pattern?: RegExp;
  format?: FormatTest;
  message?: (place: DataPlace) => string;
  keywordMessages: Array<{ keyword: string; message: (place: DataPlace) => string }>;
  propertyMessages: Array<{ keyword: string; name: string; message: (place: DataPlace) => string }>;
}

const PROPERTY_PARAMS: Readonly<Record<string, string>> = { required: 'missingProperty' };

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const distinct = (list: readonly unknown[]) =>
  list.every((item, i) => list.findIndex((other) => equal(item, other)) === i);
const regexFormat = formatTest('regex', '#');
/** Every value a for-in loop (as ajv's meta-schema check runs) sees, inherited ones too. */
function everyValue(value: Record<string, unknown>, test: (item: unknown) => boolean): boolean {
  for (const key in value) if (!test(value[key])) return false;
  return true;
}
const isStringMap = (value: unknown) => isRecord(value) && everyValue(value, (text) => typeof text === 'string');

/** The keywords' own rules of the JSON Schema meta-schema and ajv-errors, which ajv checks before it compiles. */
const META: Readonly<Record<string, (value: unknown) => boolean>> = {
  type: (value) =>
    typeof value === 'string'
      ? SIMPLE_TYPES.has(value)
      : Array.isArray(value) &&
        value.length > 0 &&
        value.every((t) => SIMPLE_TYPES.has(t as string)) &&
        distinct(value),
  enum: (value) => Array.isArray(value) && value.length > 0 && distinct(value),
  required: (value) => Array.isArray(value) && value.every((name) => typeof name === 'string') && distinct(value),
  maxLength: isCount,
  minLength: isCount,
  maxItems: isCount,
  minItems: isCount,
  multipleOf: (value) => typeof value === 'number' && value > 0,
  maximum: (value) => typeof value === 'number',
  minimum: (value) => typeof value === 'number',
  exclusiveMaximum: (value) => typeof value === 'number',
  exclusiveMinimum: (value) => typeof value === 'number',
  pattern: (value) => typeof value === 'string' && regexFormat.test(value),
  format: (value) => typeof value === 'string',
  uniqueItems: (value) => typeof value === 'boolean',
  // A field named __proto__ makes the schema its properties' prototype: ajv sees its keywords as properties.
  properties: (value) => isRecord(value) && everyValue(value, (item) => typeof item === 'boolean' || isRecord(item)),
  errorMessage: (value) =>
    typeof value === 'string' ||
    (isRecord(value) &&
      Object.entries(value).every(([key, text]) =>
        key === 'properties'
          ? isStringMap(text)
          : key === 'items'
            ? Array.isArray(text) && text.every((item) => typeof item === 'string')
            : key === 'required' || key === 'dependencies'
              ? typeof text === 'string' || isStringMap(text)
              : typeof text === 'string',
      )),
};

function compile(schema: Schema, schemaPath: string, level: number): Plan {
  for (const [keyword, value] of Object.entries(schema)) {
    if (!FORM_SCHEMA_KEYWORDS.has(keyword))
      throw new UnsupportedSchemaError(`the form schema uses "${keyword}" at ${schemaPath}`);
    if (value !== undefined && META[keyword]?.(value) === false)
      throw new Error(`schema is invalid: ${schemaPath}/${keyword} is not what the JSON Schema meta-schema allows`);
  }
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.every((type) => typeof type === 'string' && JSON_TYPES.has(type)))
    throw new Error(`type must be JSONType or JSONType[]: ${types.join(',')}`);
  const only = types.length === 1 ? types[0] : undefined;
  const ownGroup = KEYWORD_GROUPS.find((group) => group.type && group.type === only);
  const plan: Plan = {
    schema,
    schemaPath,
    types: types as string[],
    typesUpFront: types.length > 0 && !ownGroup?.keywords.some((keyword) => schema[keyword] !== undefined),
    properties: [],
    keywordMessages: [],
    propertyMessages: [],
  };
  if (isRecord(schema.properties))
    for (const [name, child] of Object.entries(schema.properties)) {
      if (name === '__proto__') continue; // as ajv
      if (!isRecord(child)) throw new UnsupportedSchemaError(`a schema that is not an object at ${schemaPath}`);
      plan.properties.push({
        name,
        plan: compile(child, `${schemaPath}/properties/${encodeURIComponent(escapePointer(name))}`, level + 1),
      });
    }
  if (isRecord(schema.items)) plan.items = compile(schema.items, `${schemaPath}/items`, level + 1);
  else if (schema.items !== undefined)
    throw new UnsupportedSchemaError(`items that is not one schema at ${schemaPath}`);
  if (typeof schema.pattern === 'string') plan.pattern = patternRegExp(schema.pattern);
  if (typeof schema.format === 'string') plan.format = formatTest(schema.format, `${schemaPath}`);
  const message = schema.errorMessage;
  if (typeof message === 'string') plan.message = compileMessage(message, level);
  else if (isRecord(message))
    for (const [keyword, value] of Object.entries(message)) {
      if (typeof value === 'string' && keyword !== 'properties' && keyword !== 'items') {
        if (keyword === '_') plan.message = compileMessage(value, level);
        else plan.keywordMessages.push({ keyword, message: compileMessage(value, level) });
      } else if (isRecord(value) && PROPERTY_PARAMS[keyword]) {
        for (const [name, text] of Object.entries(value)) {
          if (typeof text !== 'string') continue;
          // ajv-errors writes a templated message's property name into its code as an object key, unquoted.
          if (TEMPLATE.test(text) && !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name))
            throw new SyntaxError(`ajv-errors cannot compile a template for the property "${name}"`);
          plan.propertyMessages.push({ keyword, name, message: compileMessage(text, level) });
        }
      } else throw new UnsupportedSchemaError(`errorMessage.${keyword} at ${schemaPath}`);
    }
  else if (message !== undefined) throw new Error(`errorMessage must be a string or an object at ${schemaPath}`);
  return plan;
}

type Reported = SchemaError & { used?: boolean };

function validate(plan: Plan, data: unknown, place: DataPlace, errors: Reported[]): void {
  const { schema, schemaPath } = plan;
  const start = errors.length;
  const report = (keyword: string, params: Record<string, unknown>, message: string, path = place.path) =>
    errors.push({ keyword, instancePath: path, schemaPath: `${schemaPath}/${keyword}`, params, message });
  const typeError = () => report('type', { type: schema.type }, `must be ${plan.types.join(',')}`);

  if (plan.typesUpFront && !plan.types.some((type) => hasType(type, data))) typeError();
  if (schema.const !== undefined && !equal(data, schema.const))
    report('const', { allowedValue: schema.const }, 'must be equal to constant');
  if (Array.isArray(schema.enum) && !schema.enum.some((value) => equal(data, value)))
    report('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values');

  for (const group of KEYWORD_GROUPS) {
    if (!group.type || !group.keywords.some((keyword) => schema[keyword] !== undefined)) continue;
    if (!hasType(group.type, data)) {
      if (!plan.typesUpFront && plan.types.length === 1 && plan.types[0] === group.type) typeError();
      continue;
    }
    for (const keyword of group.keywords) {
      const value = schema[keyword];
      if (value === undefined) continue;
      checkKeyword(plan, group.type, keyword, value, data, place, errors, report);
    }
  }
  if (schema.errorMessage !== undefined) replaceWithMessages(plan, place, errors, start);
}

function checkKeyword(
  plan: Plan,
  dataType: string,
  keyword: string,
  value: unknown,
  data: unknown,
  place: DataPlace,
  errors: Reported[],
  report: (keyword: string, params: Record<string, unknown>, message: string) => void,
): void {
  const limit = typeof value === 'number' ? value : NaN;
  switch (keyword) {
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum': {
      const rule = NUMBER_LIMITS[keyword];
      if (rule.fails(data as number, limit))
        report(keyword, { comparison: rule.sign, limit }, `must be ${rule.sign} ${limit}`);
      return;
    }
    case 'multipleOf': {
      // ajv's test, parseInt and all (1e21 / 1 is not a whole number to it).
      const division = (data as number) / limit;
      if (limit === 0 || division !== Number.parseInt(String(division)))
        report(keyword, { multipleOf: limit }, `must be multiple of ${limit}`);
      return;
    }
    case 'maxLength':
    case 'minLength': {
      const length = ucs2length(data as string);
      if (keyword === 'maxLength' ? length > limit : length < limit)
        report(
          keyword,
          { limit },
          `must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${limit} characters`,
        );
      return;
    }
    case 'pattern':
      if (plan.pattern && !plan.pattern.test(data as string))
        report(keyword, { pattern: value }, `must match pattern "${String(value)}"`);
      return;
    case 'format':
      if (plan.format && plan.format.type === dataType && !plan.format.test(data))
        report(keyword, { format: value }, `must match format "${String(value)}"`);
      return;
    case 'maxItems':
    case 'minItems': {
      const length = (data as unknown[]).length;
      if (keyword === 'maxItems' ? length > limit : length < limit)
        report(keyword, { limit }, `must NOT have ${keyword === 'maxItems' ? 'more' : 'fewer'} than ${limit} items`);
      return;
    }
    case 'items':
      if (plan.items)
        (data as unknown[]).forEach((item, i) =>
          validate(
            plan.items as Plan,
            item,
            {
              path: `${place.path}/${i}`,
              level: place.level + 1,
              datas: [...place.datas, item],
              names: [...place.names, i],
            },
            errors,
          ),
        );
      return;
    case 'uniqueItems': {
      // Items of another type than the items schema's are skipped, as ajv does.
      const duplicate = value === true && duplicateItems(data as unknown[], plan.items?.types ?? [], NUMBERS);
      if (duplicate)
        report(
          keyword,
          duplicate,
          `must NOT have duplicate items (items ## ${duplicate.j} and ${duplicate.i} are identical)`,
        );
      return;
    }
    case 'required':
      if (Array.isArray(value))
        for (const name of value)
          if ((data as Record<string, unknown>)[String(name)] === undefined)
            report(keyword, { missingProperty: name }, `must have required property '${String(name)}'`);
      return;
    case 'properties':
      for (const { name, plan: child } of plan.properties) {
        const item = (data as Record<string, unknown>)[name];
        if (item === undefined) continue;
        validate(
          child,
          item,
          {
            path: `${place.path}/${escapePointer(name)}`,
            level: place.level + 1,
            datas: [...place.datas, item],
            names: [...place.names, name],
          },
          errors,
        );
      }
      return;
  }
}

/** ajv-errors at one schema node: its messages replace the errors they cover, which go. */
function replaceWithMessages(plan: Plan, place: DataPlace, errors: Reported[], start: number): void {
  const mine = errors.slice(start);
  if (!mine.length) return;
  const added: Reported[] = [];
  const own = `${plan.schemaPath}/`;
  const ownKeyword = (error: Reported) =>
    error.keyword !== 'errorMessage' &&
    !error.used &&
    error.instancePath === place.path &&
    error.schemaPath.startsWith(own) &&
    !error.schemaPath.slice(own.length).includes('/');
  const replace = (message: string, covered: Reported[]) => {
    for (const error of covered) error.used = true;
    added.push({
      keyword: 'errorMessage',
      instancePath: place.path,
      schemaPath: `${plan.schemaPath}/errorMessage`,
      params: { errors: covered },
      message,
    });
  };
  for (const { keyword, message } of plan.keywordMessages) {
    const covered = mine.filter((error) => ownKeyword(error) && error.keyword === keyword);
    if (covered.length) replace(message(place), covered);
  }
  for (const { keyword, name, message } of plan.propertyMessages) {
    const param = PROPERTY_PARAMS[keyword] ?? '';
    const covered = mine.filter(
      (error) => ownKeyword(error) && error.keyword === keyword && error.params[param] === name,
    );
    if (covered.length) replace(message(place), covered);
  }
  if (plan.message) {
    const covered = mine.filter((error) => error.keyword !== 'errorMessage' && !error.used);
    if (covered.length) replace(plan.message(place), covered);
  }
  errors.splice(start, mine.length, ...mine.filter((error) => !error.used), ...added);
}

const plans = new WeakMap<object, Plan>();

/**
 * ajv's errors for these values against a form schema (allErrors, ajv-errors applied), in ajv's
 * order. Throws as ajv's compilation would for a schema it refuses, and UnsupportedSchemaError
 * for a keyword outside the subset followed here.
 */
export function schemaErrors(schema: Schema, values: unknown): SchemaError[] {
  let plan = plans.get(schema);
  if (!plan) plans.set(schema, (plan = compile(schema, '#', 0)));
  const errors: Reported[] = [];
  validate(plan, values, { path: '', level: 0, datas: [values], names: [undefined] }, errors);
  return errors.map(({ used: _used, ...error }) => error);
}

/**
 * What react-hook-form's ajv resolver makes of the errors: per field path (`a.b`, a missing
 * property named after the object's path), the first error's message, the message of the
 * errorMessage that replaced it, and its keyword.
 */
export function fieldErrors(errors: readonly SchemaError[]): Record<string, FieldSchemaError> {
  const fields = Object.create(null) as Record<string, FieldSchemaError>;
  const add = (error: SchemaError, message: string) => {
    const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    const path = segments.join('.');
    if (!fields[path]) fields[path] = { message, type: error.keyword };
  };
  for (const error of errors) {
    if (error.keyword === 'errorMessage')
      for (const original of error.params.errors as SchemaError[]) add(original, error.message);
    else add(error, error.message);
  }
  return fields;
}

/** A form step's values against its schema, as the browser's resolver reports them: none when valid. */
export function formSchemaErrors(
  schema: Schema,
  values: Readonly<Record<string, unknown>>,
): Record<string, FieldSchemaError> {
  // ajv checked a copy, as the resolver passed it one.
  return fieldErrors(schemaErrors(schema, structuredClone(values)));
}
