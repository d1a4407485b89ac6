import { toNestErrors } from '@hookform/resolvers';
import { ajvResolver } from '@hookform/resolvers/ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedFormDefinition, ResolvedFormField, ResolvedTenant } from '../../schemas/types.generated';
import { compileForm, type CompiledForm, type FormCar, type FormContext, type JsonSchema } from './compile-form';
import { POSTCODE_MESSAGE } from './form-messages';
import {
  FORM_SCHEMA_KEYWORDS,
  KEYWORD_GROUPS,
  UnsupportedSchemaError,
  fieldErrors,
  formSchemaErrors,
  schemaErrors,
  type SchemaError,
} from './form-schema-check';
import { createFormAjv } from './form-validator';
import { normaliseFormValues } from './form-values';

/**
 * The browser's form check (issue 30, L6) against ajv, the server's, on the same schemas and values:
 * every form of every tenant and template in several contexts, and generated forms using every
 * field type and option, each with generated answers. Same errors, in the same order, with the same
 * messages; and the same field errors as react-hook-form's ajv resolver gave the browser before.
 */

/** A seeded random source, so a failure names the case that shows it. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x100000000;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const ajv = createFormAjv();
const compiled = new Map<string, ValidateFunction | Error>();
/** ajv's errors for these values (compiled once per schema), or the error its compilation threw. */
function ajvErrors(schema: JsonSchema, values: unknown): ErrorObject[] | Error {
  // A field named __proto__ gives the schema's properties a prototype, which JSON leaves out.
  const key = `${JSON.stringify(schema)} ${JSON.stringify(Object.getPrototypeOf(schema.properties ?? {}))}`;
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      validate = error as Error;
    }
    compiled.set(key, validate);
  }
  if (validate instanceof Error) return validate;
  validate(structuredClone(values));
  return validate.errors ?? [];
}

/** An error with only what both report (ajv adds emUsed to the errors errorMessage replaced). */
function plain(error: ErrorObject | SchemaError): Record<string, unknown> {
  const { errors, ...params } = error.params as Record<string, unknown>;
  return {
    keyword: error.keyword,
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    message: error.message,
    params: Array.isArray(errors) ? { ...params, errors: (errors as ErrorObject[]).map(plain) } : params,
  };
}

function interpreted(schema: JsonSchema, values: unknown): Record<string, unknown>[] | Error {
  try {
    return schemaErrors(schema, structuredClone(values)).map(plain);
  } catch (error) {
    return error as Error;
  }
}

/**
 * The same errors as ajv, or both refuse the schema; or the interpreter says it does not follow the
 * schema (UnsupportedSchemaError: the browser then leaves the check to the server).
 */
function expectSame(schema: JsonSchema, values: unknown, label: string): 'same' | 'refused' | 'unsupported' {
  let expected: ErrorObject[] | Error;
  try {
    expected = ajvErrors(schema, values);
  } catch (error) {
    // ajv's generated code can throw as it runs (a template reading a variable its optimiser inlined).
    expected = error as Error;
  }
  const actual = interpreted(schema, values);
  if (actual instanceof UnsupportedSchemaError) return 'unsupported';
  if (expected instanceof Error) {
    expect(actual, `${label}: ajv refused the schema (${expected.message}) ${JSON.stringify(schema)}`).toBeInstanceOf(
      Error,
    );
    return 'refused';
  }
  if (actual instanceof Error) throw new Error(`${label}: ${actual.message}`);
  expect(actual, `${label}\nvalues: ${JSON.stringify(values)}\nschema: ${JSON.stringify(schema)}`).toEqual(
    expected.map(plain),
  );
  return 'same';
}

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<
  Record<string, unknown>
>;

/** What the browser's ajv resolver (before issue 30) and the interpreter give react-hook-form. */
async function expectSameAsResolver(schema: JsonSchema, values: Record<string, unknown>, label: string) {
  const before = await ajvResolver(schema as never, undefined, { mode: 'sync' })(values, undefined, resolverOptions);
  const now = fieldErrors(schemaErrors(schema, structuredClone(values)));
  // As the browser's resolver passes them on (EnquiryForm.client.tsx): nested by path (a.0 -> a[0];
  // react-hook-form drops a field named constructor there, as it did).
  expect(JSON.stringify(toNestErrors(now, resolverOptions)), `${label}: ${JSON.stringify(values)}`).toBe(
    JSON.stringify(before.errors),
  );
}

// --- The forms -------------------------------------------------------------------------------

const tenants = [...loadTenantRegistry().tenants.values()].flatMap((entry) =>
  entry.ok ? [entry.config as unknown as ResolvedTenant] : [],
);
const CAR = (type: string): FormCar => ({
  id: 77,
  slug: `${type}-2021-mazda-cx-5`,
  name: '2021 Mazda CX-5 Maxx',
  car_type: type,
  status: 'in_stock',
  dealership_slug: 'southern-cross-used',
  make: 'Mazda',
  model: 'CX-5',
  stocknum: 'U123',
});
const DEALERSHIPS = [
  { slug: 'southern-cross-toyota', name: 'Southern Cross Toyota' },
  { slug: 'southern-cross-used', name: 'Southern Cross Used Cars' },
];
const LOCATIONS = [
  { id: 10, name: 'Parramatta - Sales', type: 'sales' },
  { id: 11, name: 'Parramatta - Service', type: 'service' },
  { id: 12, name: 'Penrith - Sales and service', type: 'sales_service' },
];

function contexts(t: ResolvedTenant): FormContext[] {
  const base: FormContext = {
    settings: t.formSettings,
    features: t.features,
    dealerships: DEALERSHIPS,
    locations: LOCATIONS,
  };
  return [
    base,
    { ...base, car: CAR('used') },
    {
      ...base,
      car: CAR('new'),
      settings: { ...t.formSettings, locationSelectForNewCars: true, messageOptional: true },
    },
    { ...base, dealerships: DEALERSHIPS.slice(0, 1), locations: [], locationId: 11 },
    { ...base, settings: { ...t.formSettings, websiteLocationSelect: true, removeDealershipSelect: true } },
  ];
}

function allForms(): Array<{ label: string; form: CompiledForm }> {
  const out: Array<{ label: string; form: CompiledForm }> = [];
  for (const t of tenants)
    for (const [name, definition] of Object.entries(t.forms))
      if (definition)
        contexts(t).forEach((context, i) =>
          out.push({ label: `${t.slug} ${name} context ${i}`, form: compileForm(name, definition, context) }),
        );
  return out;
}

// --- Answers ---------------------------------------------------------------------------------

const HOSTILE: readonly unknown[] = [
  '',
  ' ',
  'Ana',
  '215',
  '2150',
  '21500',
  ' 2150',
  '２１５０',
  'abcd',
  'ana@example.com',
  'ANA@EXAMPLE.COM.AU',
  'ana@example',
  'ana@@example.com',
  'ana example@x.com',
  '0412 345 678',
  '+61 (2) 9876-5432',
  '12345',
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-01-01T10:00',
  '2024-01-01T10:00:00+10:00',
  '2024-01-01T10:00:00Z',
  '2024-01-01 10:00',
  'x'.repeat(20),
  'x'.repeat(21),
  'x'.repeat(200),
  'x'.repeat(201),
  '😀'.repeat(4),
  '😀'.repeat(5),
  '😀'.repeat(200),
  '😀'.repeat(201),
  '\ud83d'.repeat(201),
  'General Enquiry',
  'southern-cross-used',
  '10',
  'nsw',
  'NSW',
  '__proto__',
  'constructor',
  0,
  -1,
  1,
  2.5,
  1000,
  1e21,
  0.1,
  0.30000000000000004,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  [],
  ['x'],
  ['x', 'x'],
  [1, 1],
  ['a', 1, 'a'],
  [true, true],
  [{ a: 1 }, { a: 1 }],
  { a: 1 },
];

/** A plausible answer for a field, or one of the hostile values. */
function answer(r: Random, field: CompiledForm['steps'][number]['fields'][number]): unknown {
  if (r.chance(0.45)) return r.pick(HOSTILE);
  const option = field.options?.length ? r.pick(field.options).value : 'x';
  switch (field.type) {
    case 'email':
      return 'ana@example.com';
    case 'tel':
      return '0412 345 678';
    case 'postcode':
      return r.pick(['2150', '215', '0800']);
    case 'select':
      return option;
    case 'checkbox':
      return r.chance(0.7);
    case 'checkboxes':
      return r.chance(0.2) ? [option, option] : [option];
    case 'number': {
      const n = (field.min ?? 0) + (field.step ?? 1) * r.int(5);
      return r.chance(0.3) ? String(n) : n;
    }
    case 'date':
      return '2024-06-30';
    case 'datetime':
      return '2024-06-30T10:30';
    case 'appointment':
      return '2024-06-30T10:30:00+10:00';
    default:
      return r.chance(0.1) ? 'y'.repeat((field.maxLength ?? 200) + r.int(3) - 1) : 'Ana';
  }
}

/** Answers for one step: raw (as a caller could send them) and normalised (as the browser checks them). */
function answers(r: Random, form: CompiledForm, step: number, count: number): Record<string, unknown>[] {
  const fields = form.steps[step]?.fields ?? [];
  const out: Record<string, unknown>[] = [{}];
  for (let i = 0; i < count; i++) {
    const raw: Record<string, unknown> = {};
    for (const field of fields) if (!r.chance(0.15)) raw[field.name] = answer(r, field);
    if (r.chance(0.1)) raw.extra = 'not a field';
    out.push(raw);
    try {
      out.push(normaliseFormValues(form, raw, step, step).values);
    } catch {
      // normaliseFormValues reads raw[name]: for a field named after an Object member (toString) that
      // was not sent, it finds the member, a function, and throws. Not this check's business.
    }
  }
  return out;
}

// --- Generated forms ------------------------------------------------------------------------

const FIELD_TYPES: ReadonlyArray<ResolvedFormField['type']> = [
  'text',
  'email',
  'tel',
  'textarea',
  'select',
  'checkbox',
  'checkboxes',
  'datetime',
  'appointment',
  'date',
  'number',
  'postcode',
  'hidden',
];
const NAMES = [
  'name',
  'email',
  'phone',
  'postcode',
  'message',
  'disclaimer',
  'dealership_slug',
  'location_id',
  'category',
  'Vehicle Make',
  'constructor',
  'toString',
  'hasOwnProperty',
  '__proto__',
  '_x',
  'a1',
];
const TEXTS = [
  'Your answer',
  'Say "hello"',
  'Back\\slash',
  'Price $ and {braces}',
  'Line\nbreak',
  'Sep\u2028arator',
  'Value ${0}',
  'Root ${/name} and ${/email}',
  'Name ${0#}',
  'Up ${1}',
  'Up ${1/postcode}',
  'Bad ${foo}',
  'Bad ${2}',
  'Bad ${/a~2}',
  'Quote ${/a"b}',
];

function generatedField(r: Random, name: string): ResolvedFormField {
  const type = r.pick(FIELD_TYPES);
  const field: ResolvedFormField = { name, type };
  if (r.chance(0.7)) field.label = r.pick(TEXTS);
  if (r.chance(0.5)) field.required = r.chance(0.6);
  if (r.chance(0.3)) field.message = r.pick(TEXTS);
  if (type === 'select' || type === 'checkboxes')
    field.options = r.chance(0.5)
      ? [
          'a',
          { value: 'b', label: 'Bee' },
          ...(r.chance(0.3) ? ['__proto__', 'constructor'] : []),
          ...(r.chance(0.2) ? ['a'] : []),
        ]
      : r.pick(['categories', 'dealerships', 'locations', 'serviceLocations', 'states'] as const);
  if (type === 'number') {
    if (r.chance(0.6)) field.min = r.pick([0, -5, 1.5, 1000]);
    if (r.chance(0.6)) field.max = r.pick([10, 100, 2.5, 1e21]);
    if (r.chance(0.5)) field.step = r.pick([1, 0.1, 1000, 0.25]);
  }
  if (r.chance(0.3)) field.maxLength = r.pick([1, 4, 20, 5000]);
  if (type === 'hidden' && r.chance(0.5)) field.value = r.pick(['x', 3, true]);
  return field;
}

function generatedForms(r: Random, count: number): Array<{ label: string; form: CompiledForm }> {
  const t = tenants[0];
  const base = t && Object.values(t.forms)[0];
  if (!t || !base) throw new Error('no tenant form to start from');
  return Array.from({ length: count }, (_, i) => {
    const first = generatedField(r, r.pick(NAMES));
    const fields: [ResolvedFormField, ...ResolvedFormField[]] = [
      first,
      ...NAMES.filter((name) => name !== first.name && r.chance(0.4)).map((name) => generatedField(r, name)),
    ];
    const definition: ResolvedFormDefinition = r.chance(0.3)
      ? {
          ...base,
          fields: undefined,
          steps: [
            { title: 'One', fields: [first] },
            { title: 'Two', fields },
          ],
        }
      : { ...base, steps: undefined, fields };
    const context = r.pick(contexts(t));
    return { label: `generated form ${i}`, form: compileForm(`generated-${i}`, definition, context) };
  });
}

// --- Tests -----------------------------------------------------------------------------------

describe("the browser's form check follows ajv (issue 30, L6)", () => {
  it("evaluates ajv's keywords in ajv's order", () => {
    const supported = (keywords: string[]) => keywords.filter((keyword) => FORM_SCHEMA_KEYWORDS.has(keyword));
    const groups = ajv.RULES.rules.map((group) => ({
      ...(group.type ? { type: group.type } : {}),
      keywords: supported(group.rules.map((rule) => rule.keyword)),
    }));
    expect(groups).toEqual(KEYWORD_GROUPS.map((g) => ({ ...g, keywords: supported(g.keywords) })));
    expect(ajv.RULES.post.rules.map((rule) => rule.keyword)).toEqual(['errorMessage']);
  });

  it('gives the spec messages (conversion §5.1)', () => {
    const t = tenants.find((tenant) => tenant.forms['general-enquiry']);
    const definition = t?.forms['general-enquiry'];
    if (!t || !definition) throw new Error('no general enquiry');
    const form = compileForm('general-enquiry', definition, contexts(t)[0] as FormContext);
    const errors = formSchemaErrors(form.schemas[0] ?? {}, { postcode: '215', email: 'ana@' });
    expect(errors.postcode).toEqual({ message: POSTCODE_MESSAGE, type: 'pattern' });
    expect(errors.postcode?.message).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(errors.name?.message).toBe('First name is required.');
    expect(Object.getPrototypeOf(errors)).toBeNull();
  });

  it('refuses a keyword it does not follow, rather than pass what ajv would check', () => {
    expect(() => schemaErrors({ type: 'object', additionalProperties: false }, {})).toThrow(UnsupportedSchemaError);
    expect(() => schemaErrors({ type: 'string', errorMessage: { properties: { a: 'x' } } }, 'x')).toThrow(
      UnsupportedSchemaError,
    );
  });

  it('every form of every tenant and template, in several contexts, with generated answers: the same errors as ajv', () => {
    const r = new Random(30);
    const forms = allForms();
    expect(forms.length).toBeGreaterThan(100);
    const outcomes = { same: 0, refused: 0, unsupported: 0 };
    for (const { label, form } of forms)
      form.schemas.forEach((schema, step) => {
        for (const values of answers(r, form, step, 12))
          outcomes[expectSame(schema, values, `${label} step ${step}`)]++;
      });
    expect(outcomes.same).toBeGreaterThan(5000);
    // Every real form is followed (a service form without service locations is refused by both).
    expect(outcomes.unsupported).toBe(0);
  });

  it('generated forms with every field type, odd names and templated messages: the same errors as ajv, or both refuse', () => {
    const r = new Random(6);
    const outcomes = { same: 0, refused: 0, unsupported: 0 };
    for (const { label, form } of generatedForms(r, 400))
      form.schemas.forEach((schema, step) => {
        for (const values of answers(r, form, step, 6)) outcomes[expectSame(schema, values, `${label} step ${step}`)]++;
      });
    expect(outcomes.same).toBeGreaterThan(1000);
    expect(outcomes.refused).toBeGreaterThan(10);
    // Only messages whose templates read a field's own value (${0}) are left to the server.
    expect(outcomes.unsupported).toBeLessThan(outcomes.same);
  });

  it("the field errors react-hook-form gets are the ajv resolver's", async () => {
    const r = new Random(19);
    const seen = new Set<string>();
    for (const { label, form } of [...allForms(), ...generatedForms(new Random(7), 60)])
      for (const [step, schema] of form.schemas.entries()) {
        const key = JSON.stringify(schema);
        if (seen.has(key) || ajvErrors(schema, {}) instanceof Error || interpreted(schema, {}) instanceof Error)
          continue;
        seen.add(key);
        for (const values of answers(r, form, step, 3))
          await expectSameAsResolver(schema, values, `${label} step ${step}`);
      }
    expect(seen.size).toBeGreaterThan(20);
  });
});
