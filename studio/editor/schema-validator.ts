/**
 * rjsf's validator for the Studio's editor without generating code (issue 30, L6). rjsf's own
 * (@rjsf/validator-ajv8) compiles every schema it is asked about into a function with
 * `new Function`, which a Content-Security-Policy without 'unsafe-eval' refuses. The editor asks
 * its validator only whether data matches a schema, to choose between a schema's alternatives
 * (oneOf/anyOf) and conditions (if/then) as it draws a form; the issues a person sees come from the
 * server's check (SchemaForm.client.tsx, `extraErrors`). So this interprets JSON Schema draft-07 as
 * rjsf's ajv instance does (strict off, allErrors, multipleOfPrecision 8, ajv-formats' full formats
 * and rjsf's color and data-url), keyword by keyword: schema-validator.test.ts holds it to ajv on
 * every part of schemas/studio.schema.json and every tenant and template document, and to rjsf's
 * own choices of alternatives. A keyword of ajv's it does not follow throws rather than pass.
 */
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorSchema,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
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
} from '../../domain/json-schema-primitives';

type Schema = Readonly<Record<string, unknown>> | boolean;

/** An error as ajv words it (keyword, where, which schema, its parameters, its English message). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/** The schema uses a keyword of ajv's this validator does not follow. */
export class UnsupportedKeywordError extends Error {}

/** ajv keywords (with ajv-formats' keywords) this validator does not follow: meeting one throws. */
export const UNFOLLOWED_KEYWORDS: ReadonlySet<string> = new Set([
  'formatMaximum',
  'formatMinimum',
  'formatExclusiveMaximum',
  'formatExclusiveMinimum',
  '$async',
  '$dynamicRef',
  '$recursiveRef',
]);

/** rjsf's formats beside ajv-formats' (@rjsf/validator-ajv8 createAjvInstance). */
const COLOR_FORMAT =
  /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/;
const DATA_URL_FORMAT = /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/;

/** The prefix rjsf's ajv validator gives references into the root schema. */
const ROOT_PREFIX = '__rjsf_rootSchema';

/** rjsf's ajv has strict off: strictNumbers off, NaN and Infinity are numbers. */
const NUMBERS = { strictNumbers: false };
const hasType = (type: unknown, data: unknown): boolean => hasJsonType(type, data, NUMBERS);

/** A format as rjsf's ajv uses it: rjsf's own, then ajv-formats'; undefined for one it does not know (strict off: ignored). */
function formatOf(name: string): FormatTest | undefined {
  if (name === 'color') return { type: 'string', test: (data) => COLOR_FORMAT.test(data as string) };
  if (name === 'data-url') return { type: 'string', test: (data) => DATA_URL_FORMAT.test(data as string) };
  return fullFormat(name);
}

interface Place {
  root: Schema;
  path: string;
  schemaPath: string;
  /** Collected errors, or undefined to stop at the first (a yes/no question). */
  issues: SchemaIssue[] | undefined;
}

const resolved = new WeakMap<object, Map<string, Schema>>();

/** The schema a `$ref` names in the root (`#`, `#/definitions/...`), found once per root. */
function resolveRef(ref: string, root: Schema): Schema {
  if (typeof root === 'boolean') return findRef(ref, root);
  let known = resolved.get(root);
  if (!known) resolved.set(root, (known = new Map()));
  let schema = known.get(ref);
  if (schema === undefined) known.set(ref, (schema = findRef(ref, root)));
  return schema;
}

function findRef(ref: string, root: Schema): Schema {
  const local = ref.startsWith(ROOT_PREFIX) ? ref.slice(ROOT_PREFIX.length) : ref;
  if (!local.startsWith('#')) throw new UnsupportedKeywordError(`$ref to another document: ${ref}`);
  let node: unknown = root;
  for (const segment of local.slice(1).split('/').filter(Boolean)) {
    const key = unescapePointer(decodeURIComponent(segment));
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (typeof node !== 'boolean' && !isRecord(node)) throw new Error(`can't resolve reference ${ref}`);
  return node;
}

/** Whether data matches the schema; its issues go to place.issues when collected. */
function check(schema: Schema, data: unknown, place: Place): boolean {
  if (schema === true) return true;
  const fail = (keyword: string, params: Record<string, unknown>, message: string, path = place.path): false => {
    place.issues?.push({ keyword, instancePath: path, schemaPath: `${place.schemaPath}/${keyword}`, params, message });
    return false;
  };
  if (schema === false) {
    place.issues?.push({
      keyword: 'false schema',
      instancePath: place.path,
      schemaPath: place.schemaPath,
      params: {},
      message: 'boolean schema is false',
    });
    return false;
  }
  const all = place.issues !== undefined;
  let valid = true;
  const result = (ok: boolean) => {
    if (!ok) valid = false;
    return ok || all;
  };
  // issues: null checks without collecting (a condition, an alternative tried); left out, as this place.
  const sub: Sub = (child, value, path, schemaPath, issues) =>
    check(child, value, {
      root: place.root,
      path,
      schemaPath,
      issues: issues === null ? undefined : (issues ?? place.issues),
    });

  for (const keyword of Object.keys(schema))
    if (UNFOLLOWED_KEYWORDS.has(keyword)) throw new UnsupportedKeywordError(`${keyword} at ${place.schemaPath}`);

  // Types, with nullable (an OpenAPI keyword ajv knows).
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? [...(schema.type as unknown[])] : [schema.type];
    if (schema.nullable === true && !types.includes('null')) types.push('null');
    if (
      !types.some((type) => hasType(type, data)) &&
      !result(fail('type', { type: schema.type }, `must be ${types.join(',')}`))
    )
      return false;
  }
  if (
    typeof schema.$ref === 'string' &&
    !result(sub(resolveRef(schema.$ref, place.root), data, place.path, `${place.schemaPath}/$ref`))
  )
    return false;
  if (schema.const !== undefined && !equal(data, schema.const))
    if (!result(fail('const', { allowedValue: schema.const }, 'must be equal to constant'))) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((value) => equal(data, value)))
    if (!result(fail('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values')))
      return false;
  if (!result(combinators(schema, data, place, sub, fail))) return false;
  if (typeof data === 'number' && !result(numberKeywords(schema, data, fail))) return false;
  if (typeof data === 'string' && !result(stringKeywords(schema, data, fail))) return false;
  if (Array.isArray(data) && !result(arrayKeywords(schema, data, place, sub, fail))) return false;
  if (isRecord(data) && !result(objectKeywords(schema, data, place, sub, fail))) return false;
  return valid;
}

type Sub = (child: Schema, value: unknown, path: string, schemaPath: string, issues?: SchemaIssue[] | null) => boolean;
type Fail = (keyword: string, params: Record<string, unknown>, message: string, path?: string) => false;

const asSchema = (value: unknown): Schema | undefined =>
  typeof value === 'boolean' || isRecord(value) ? (value as Schema) : undefined;

function combinators(
  schema: Readonly<Record<string, unknown>>,
  data: unknown,
  place: Place,
  sub: Sub,
  fail: Fail,
): boolean {
  const all = place.issues !== undefined;
  let valid = true;
  const at = place.schemaPath;
  if (Array.isArray(schema.allOf))
    for (const [i, branch] of schema.allOf.entries()) {
      const child = asSchema(branch);
      if (child !== undefined && !sub(child, data, place.path, `${at}/allOf/${i}`)) {
        valid = false;
        if (!all) return false;
      }
    }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const tried: SchemaIssue[] = [];
    const passing: number[] = [];
    for (const [i, branch] of branches.entries()) {
      const child = asSchema(branch);
      if (child === undefined) continue;
      if (sub(child, data, place.path, `${at}/${keyword}/${i}`, all ? tried : null)) {
        passing.push(i);
        if (keyword === 'anyOf' || passing.length > 1) break;
      }
    }
    const ok = keyword === 'anyOf' ? passing.length > 0 : passing.length === 1;
    if (!ok) {
      place.issues?.push(...tried);
      fail(
        keyword,
        keyword === 'oneOf' ? { passingSchemas: passing.length > 1 ? passing : null } : {},
        keyword === 'anyOf' ? 'must match a schema in anyOf' : 'must match exactly one schema in oneOf',
      );
      valid = false;
      if (!all) return false;
    }
  }
  const not = asSchema(schema.not);
  if (not !== undefined && sub(not, data, place.path, `${at}/not`, null)) {
    fail('not', {}, 'must NOT be valid');
    valid = false;
    if (!all) return false;
  }
  const condition = asSchema(schema.if);
  if (condition !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
    const branch = sub(condition, data, place.path, `${at}/if`, null) ? 'then' : 'else';
    const child = asSchema(schema[branch]);
    if (child !== undefined && !sub(child, data, place.path, `${at}/${branch}`)) {
      fail('if', { failingKeyword: branch }, `must match "${branch}" schema`);
      valid = false;
    }
  }
  return valid;
}

function numberKeywords(schema: Readonly<Record<string, unknown>>, data: number, fail: Fail): boolean {
  let valid = true;
  for (const [keyword, { fails, sign }] of Object.entries(NUMBER_LIMITS)) {
    const limit = schema[keyword];
    if (typeof limit === 'number' && fails(data, limit))
      valid = fail(keyword, { comparison: sign, limit }, `must be ${sign} ${limit}`);
  }
  const step = schema.multipleOf;
  if (typeof step === 'number') {
    const division = data / step;
    // ajv with multipleOfPrecision 8, as rjsf sets it.
    if (step === 0 || Math.abs(Math.round(division) - division) > 1e-8 || Number.isNaN(division))
      valid = fail('multipleOf', { multipleOf: step }, `must be multiple of ${step}`);
  }
  const format = typeof schema.format === 'string' ? formatOf(schema.format) : undefined;
  if (format?.type === 'number' && !format.test(data))
    valid = fail('format', { format: schema.format }, `must match format "${String(schema.format)}"`);
  return valid;
}

function stringKeywords(schema: Readonly<Record<string, unknown>>, data: string, fail: Fail): boolean {
  let valid = true;
  const length = typeof schema.maxLength === 'number' || typeof schema.minLength === 'number' ? ucs2length(data) : 0;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength)
    valid = fail('maxLength', { limit: schema.maxLength }, `must NOT have more than ${schema.maxLength} characters`);
  if (typeof schema.minLength === 'number' && length < schema.minLength)
    valid = fail('minLength', { limit: schema.minLength }, `must NOT have fewer than ${schema.minLength} characters`);
  if (typeof schema.pattern === 'string' && !patternRegExp(schema.pattern).test(data))
    valid = fail('pattern', { pattern: schema.pattern }, `must match pattern "${schema.pattern}"`);
  const format = typeof schema.format === 'string' ? formatOf(schema.format) : undefined;
  if (format?.type === 'string' && !format.test(data))
    valid = fail('format', { format: schema.format }, `must match format "${String(schema.format)}"`);
  return valid;
}

function arrayKeywords(
  schema: Readonly<Record<string, unknown>>,
  data: readonly unknown[],
  place: Place,
  sub: Sub,
  fail: Fail,
): boolean {
  const all = place.issues !== undefined;
  let valid = true;
  const at = place.schemaPath;
  if (typeof schema.maxItems === 'number' && data.length > schema.maxItems)
    valid = fail('maxItems', { limit: schema.maxItems }, `must NOT have more than ${schema.maxItems} items`);
  if (typeof schema.minItems === 'number' && data.length < schema.minItems)
    valid = fail('minItems', { limit: schema.minItems }, `must NOT have fewer than ${schema.minItems} items`);
  if (!valid && !all) return false;
  const items = schema.items;
  const tuple = Array.isArray(items) ? items : undefined;
  for (const [i, item] of data.entries()) {
    const child = tuple ? (i < tuple.length ? asSchema(tuple[i]) : asSchema(schema.additionalItems)) : asSchema(items);
    if (child === undefined) continue;
    const path = `${place.path}/${i}`;
    if (tuple && i >= tuple.length && child === false) {
      valid = fail('additionalItems', { limit: tuple.length }, `must NOT have more than ${tuple.length} items`);
      if (!all) return false;
      break;
    }
    const schemaPath = tuple ? (i < tuple.length ? `${at}/items/${i}` : `${at}/additionalItems`) : `${at}/items`;
    if (!sub(child, item, path, schemaPath)) {
      valid = false;
      if (!all) return false;
    }
  }
  const contains = asSchema(schema.contains);
  if (
    contains !== undefined &&
    !data.some((item, i) => sub(contains, item, `${place.path}/${i}`, `${at}/contains`, null))
  )
    valid = fail('contains', { minContains: 1 }, 'must contain at least 1 valid item(s)');
  if (schema.uniqueItems === true) {
    const duplicate = duplicateOf(schema, data);
    if (duplicate)
      valid = fail(
        'uniqueItems',
        duplicate,
        `must NOT have duplicate items (items ## ${duplicate.j} and ${duplicate.i} are identical)`,
      );
  }
  return valid;
}

/** ajv's uniqueItems, with the items schema's types as rjsf's ajv reads them (nullable adds null). */
function duplicateOf(
  schema: Readonly<Record<string, unknown>>,
  list: readonly unknown[],
): { i: number; j: number } | undefined {
  const items = isRecord(schema.items) ? schema.items : undefined;
  const itemTypes = items?.type === undefined ? [] : Array.isArray(items.type) ? items.type : [items.type];
  if (items?.nullable === true && !itemTypes.includes('null')) itemTypes.push('null');
  return duplicateItems(list, itemTypes, NUMBERS);
}

function objectKeywords(
  schema: Readonly<Record<string, unknown>>,
  data: Record<string, unknown>,
  place: Place,
  sub: Sub,
  fail: Fail,
): boolean {
  const all = place.issues !== undefined;
  let valid = true;
  const stop = () => {
    valid = false;
    return !all;
  };
  const at = place.schemaPath;
  const count = Object.keys(data).length;
  if (typeof schema.maxProperties === 'number' && count > schema.maxProperties)
    if (
      (fail(
        'maxProperties',
        { limit: schema.maxProperties },
        `must NOT have more than ${schema.maxProperties} properties`,
      ),
      stop())
    )
      return false;
  if (typeof schema.minProperties === 'number' && count < schema.minProperties)
    if (
      (fail(
        'minProperties',
        { limit: schema.minProperties },
        `must NOT have fewer than ${schema.minProperties} properties`,
      ),
      stop())
    )
      return false;
  if (Array.isArray(schema.required))
    for (const name of schema.required)
      if (data[String(name)] === undefined)
        if ((fail('required', { missingProperty: name }, `must have required property '${String(name)}'`), stop()))
          return false;
  const propertyNames = asSchema(schema.propertyNames);
  if (propertyNames !== undefined)
    for (const key in data)
      if (!sub(propertyNames, key, place.path, `${at}/propertyNames`))
        if ((fail('propertyNames', { propertyName: key }, 'property name must be valid'), stop())) return false;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const patternProperties = isRecord(schema.patternProperties) ? schema.patternProperties : {};
  const additional = asSchema(schema.additionalProperties);
  if (additional !== undefined && additional !== true)
    for (const key in data) {
      if (Object.hasOwn(properties, key) || Object.keys(patternProperties).some((p) => patternRegExp(p).test(key)))
        continue;
      const path = `${place.path}/${escapePointer(key)}`;
      if (additional === false) {
        if ((fail('additionalProperties', { additionalProperty: key }, 'must NOT have additional properties'), stop()))
          return false;
      } else if (!sub(additional, data[key], path, `${at}/additionalProperties`) && stop()) return false;
    }
  if (isRecord(schema.dependencies))
    for (const [key, dependency] of Object.entries(schema.dependencies)) {
      if (data[key] === undefined) continue;
      if (Array.isArray(dependency)) {
        const missing = dependency.filter((name) => data[String(name)] === undefined);
        for (const name of missing)
          if (
            (fail(
              'dependencies',
              { property: key, missingProperty: name, depsCount: dependency.length, deps: dependency.join(', ') },
              `must have propert${dependency.length === 1 ? 'y' : 'ies'} ${dependency.join(', ')} when property ${key} is present`,
            ),
            stop())
          )
            return false;
      } else {
        const child = asSchema(dependency);
        if (
          child !== undefined &&
          !sub(child, data, place.path, `${at}/dependencies/${encodeURIComponent(key)}`) &&
          stop()
        )
          return false;
      }
    }
  for (const [key, child] of Object.entries(properties)) {
    if (key === '__proto__' || data[key] === undefined) continue;
    const schemaOfKey = asSchema(child);
    if (schemaOfKey === undefined) continue;
    const path = `${place.path}/${escapePointer(key)}`;
    if (!sub(schemaOfKey, data[key], path, `${at}/properties/${encodeURIComponent(escapePointer(key))}`) && stop())
      return false;
  }
  for (const [pattern, child] of Object.entries(patternProperties)) {
    const schemaOfPattern = asSchema(child);
    if (schemaOfPattern === undefined) continue;
    for (const key in data)
      if (patternRegExp(pattern).test(key)) {
        const path = `${place.path}/${escapePointer(key)}`;
        if (!sub(schemaOfPattern, data[key], path, `${at}/patternProperties/${encodeURIComponent(pattern)}`) && stop())
          return false;
      }
  }
  return valid;
}

/** Whether data matches a schema whose references resolve in root. */
export function matchesSchema(schema: Schema, data: unknown, root: Schema = schema): boolean {
  return check(schema, data, { root, path: '', schemaPath: '#', issues: undefined });
}

/** The issues of data against a schema whose references resolve in root (none when it matches). */
export function schemaIssues(schema: Schema, data: unknown, root: Schema = schema): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  check(schema, data, { root, path: '', schemaPath: '#', issues });
  return issues;
}

/** rjsf's validation errors from the issues: the property path in dots (`.a.b`), as rjsf's ajv validator gives it. */
function toValidationErrors(issues: readonly SchemaIssue[]): RJSFValidationError[] {
  return issues.map((issue) => {
    let property = issue.instancePath.replace(/\//g, '.');
    if (issue.keyword === 'required') property = `${property}.${String(issue.params.missingProperty)}`;
    return {
      name: issue.keyword,
      property,
      message: issue.message,
      params: issue.params,
      stack: `${property} ${issue.message}`.trim(),
      schemaPath: issue.schemaPath,
    };
  });
}

/** rjsf's ValidatorType, answering from the interpreter above. */
export class StudioSchemaValidator implements ValidatorType {
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return matchesSchema(schema, formData, rootSchema);
    } catch (error) {
      // As rjsf's ajv validator answers for a schema it cannot compile.
      console.warn('Error encountered checking a schema:', error);
      return false;
    }
  }

  rawValidation<Result = SchemaIssue>(
    schema: RJSFSchema,
    formData?: unknown,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const issues = schemaIssues(schema, formData);
      return { errors: issues.length ? (issues as Result[]) : undefined };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const { errors: issues, validationError } = this.rawValidation<SchemaIssue>(schema, formData);
    let errors = toValidationErrors(issues ?? []);
    if (validationError) errors = [...errors, { stack: validationError.message }];
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    // A schema that cannot be checked is reported under $schema, as rjsf's ajv validator does.
    const errorSchema: ErrorSchema = toErrorSchema(
      validationError
        ? [...errors, { property: '.$schema', message: validationError.message, stack: validationError.message }]
        : errors,
    );
    if (!customValidate) return { errors, errorSchema };
    const data = getDefaultFormState(this, schema, formData, schema, true);
    const handler = customValidate(data, createErrorHandler(data), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }
}
