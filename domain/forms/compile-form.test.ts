import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedFormDefinition, ResolvedTenant } from '../../schemas/types.generated';
import { compileForm, leadCategory, type CompiledForm, type FormCar, type FormContext } from './compile-form';
import {
  DISCLAIMER_MESSAGE,
  ERROR_SUMMARY_HEADING,
  POSTCODE_MESSAGE,
  REGO_PLACEHOLDER,
  DEALERSHIP_PLACEHOLDER,
} from './form-messages';
import { FormValidator } from './form-validator';
import { initialFormValues, normaliseFormValues } from './form-values';

function tenant(slug: string): ResolvedTenant {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) throw new Error(`demo tenant ${slug} did not load`);
  return entry.config as unknown as ResolvedTenant;
}

const group = tenant('southern-cross-motors');
const franchise = tenant('harbour-city-mazda');
const DEALERSHIPS = [
  { slug: 'southern-cross-toyota', name: 'Southern Cross Toyota' },
  { slug: 'southern-cross-used', name: 'Southern Cross Used Cars' },
];
const LOCATIONS = [
  { id: 10, name: 'Parramatta - Sales', type: 'sales' },
  { id: 11, name: 'Parramatta - Service', type: 'service' },
];
const CAR: FormCar = {
  id: 77,
  slug: 'used-2021-mazda-cx-5',
  name: '2021 Mazda CX-5 Maxx',
  car_type: 'used',
  status: 'in_stock',
  dealership_slug: 'southern-cross-used',
  make: 'Mazda',
  model: 'CX-5',
  stocknum: 'U123',
};

function context(t: ResolvedTenant, extra: Partial<FormContext> = {}): FormContext {
  return { settings: t.formSettings, features: t.features, dealerships: DEALERSHIPS, locations: LOCATIONS, ...extra };
}

function compile(t: ResolvedTenant, name: string, extra: Partial<FormContext> = {}): CompiledForm {
  const form = t.forms[name];
  if (!form) throw new Error(`no form ${name}`);
  return compileForm(name, form, context(t, extra));
}

const validator = new FormValidator();
function errorsFor(form: CompiledForm, raw: Record<string, unknown>, step?: number): Record<string, string> {
  const { values } = normaliseFormValues(form, raw, step);
  return Object.fromEntries(validator.validate(form, values, step).map((e) => [e.field, e.message]));
}

const GOOD = {
  name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '0412 345 678',
  postcode: '2150',
  message: 'Hello',
  disclaimer: true,
  category: 'General Enquiry',
  dealership_slug: 'southern-cross-toyota',
};
const field = (form: CompiledForm, name: string) => form.steps.flatMap((s) => s.fields).find((f) => f.name === name);

describe('standard forms (conversion §5.1)', () => {
  it('every standard form of every demo tenant compiles to schemas ajv accepts', () => {
    for (const t of [group, franchise, tenant('ridgeline-motorcycles')]) {
      for (const name of Object.keys(t.forms)) {
        const form = compile(t, name);
        expect(form.schemas.length).toBe(form.steps.length);
        // Compiling also proves the schema is valid for the browser's ajv resolver options.
        expect(() => validator.validate(form, {})).not.toThrow();
      }
    }
  });

  it("postcode: required, exactly 4 digits, maximum length 4, 'Invalid postcode. Please enter a 4-digit number.'", () => {
    const form = compile(group, 'general-enquiry');
    expect(field(form, 'postcode')).toMatchObject({ required: true, maxLength: 4 });
    for (const postcode of ['', '215', '21500', 'abcd', '2l50'])
      expect(errorsFor(form, { ...GOOD, postcode }).postcode).toBe(POSTCODE_MESSAGE);
    expect(errorsFor(form, GOOD).postcode).toBeUndefined();
  });

  it("disclaimer: required, message '*You must agree to the terms of use before submitting.'", () => {
    const form = compile(group, 'general-enquiry');
    expect(errorsFor(form, { ...GOOD, disclaimer: false }).disclaimer).toBe(DISCLAIMER_MESSAGE);
    expect(errorsFor(form, { ...GOOD, disclaimer: undefined }).disclaimer).toBe(DISCLAIMER_MESSAGE);
    expect(errorsFor(form, GOOD)).toEqual({});
  });

  it('message: required by default, unless a site flag lifts it', () => {
    const form = compile(group, 'general-enquiry');
    expect(errorsFor(form, { ...GOOD, message: '   ' }).message).toBe('How can we help? is required.');
    const lifted = compileForm(
      'general-enquiry',
      group.forms['general-enquiry']!,
      context(group, { settings: { ...group.formSettings, messageOptional: true } }),
    );
    expect(errorsFor(lifted, { ...GOOD, message: '' }).message).toBeUndefined();
  });

  it('category: required, default General Enquiry, offered only for the general enquiry event (22) or category General Enquiry', () => {
    const general = compile(group, 'general-enquiry');
    expect(field(general, 'category')).toMatchObject({ required: true, value: 'General Enquiry' });
    expect(errorsFor(general, { ...GOOD, category: '' }).category).toBeDefined();
    expect(errorsFor(general, { ...GOOD, category: 'Made up' }).category).toBeDefined();
    const careers = group.forms.careers!;
    const withCategory = {
      ...careers,
      fields: [{ name: 'category', type: 'select', options: 'categories' }, ...(careers.fields ?? [])],
    } as ResolvedFormDefinition;
    expect(field(compileForm('careers', withCategory, context(group)), 'category')).toBeUndefined();
  });

  it("dealership select: required with more than one dealership, placeholder 'Select a Preferred Dealership'; hidden with one; never when removed", () => {
    const form = compile(group, 'general-enquiry');
    expect(field(form, 'dealership_slug')).toMatchObject({
      type: 'select',
      required: true,
      placeholder: DEALERSHIP_PLACEHOLDER,
    });
    expect(errorsFor(form, { ...GOOD, dealership_slug: '' }).dealership_slug).toBe(
      'Please select a preferred dealership.',
    );
    const one = compile(group, 'general-enquiry', { dealerships: [DEALERSHIPS[0]!] });
    expect(field(one, 'dealership_slug')).toMatchObject({ type: 'hidden', value: 'southern-cross-toyota' });
    const removed = compile(group, 'general-enquiry', {
      settings: { ...group.formSettings, removeDealershipSelect: true },
    });
    expect(field(removed, 'dealership_slug')).toBeUndefined();
  });

  it('location select: required when the site enables it and no car is set, or for new cars on sites that say so', () => {
    expect(field(compile(group, 'general-enquiry'), 'location_id')).toBeUndefined();
    const on = { ...group.formSettings, websiteLocationSelect: true };
    const form = compile(group, 'general-enquiry', { settings: on });
    expect(field(form, 'location_id')).toMatchObject({
      required: true,
      options: [
        { value: '10', label: 'Parramatta - Sales' },
        { value: '11', label: 'Parramatta - Service' },
      ],
    });
    expect(errorsFor(form, GOOD).location_id).toBe('Please choose location.');
    expect(field(compile(group, 'new-car-enquiry', { settings: on, car: CAR }), 'location_id')).toBeUndefined();
    const forNew = { ...group.formSettings, locationSelectForNewCars: true };
    expect(
      field(compile(group, 'new-car-enquiry', { settings: forNew, car: { ...CAR, car_type: 'new' } }), 'location_id'),
    ).toMatchObject({ required: true });
  });

  it('opt-in checkbox: optional, default true; Rego optional with its placeholder', () => {
    const form = compile(group, 'general-enquiry');
    expect(field(form, 'opt_in')).toMatchObject({ required: false, value: true });
    expect(initialFormValues(form).opt_in).toBe(true);
    expect(field(form, 'rego')).toMatchObject({ required: false, placeholder: REGO_PLACEHOLDER });
    expect(errorsFor(form, { ...GOOD, opt_in: false, rego: '' })).toEqual({});
  });

  it('email and phone are checked with plain messages', () => {
    const form = compile(group, 'general-enquiry');
    expect(errorsFor(form, { ...GOOD, email: 'ana@' }).email).toBe('Please enter a valid email address.');
    expect(errorsFor(form, { ...GOOD, phone: 'call me' }).phone).toBe('Please enter a valid phone number.');
    expect(errorsFor(form, { ...GOOD, phone: '+61 2 9876 5432' }).phone).toBeUndefined();
  });

  it('number fields carry step, min and max', () => {
    const form = compile(group, 'finance-enquiry');
    expect(field(form, 'amount')).toMatchObject({ min: 5000, max: 250000, step: 500 });
    const base = { ...GOOD };
    expect(errorsFor(form, { ...base, amount: '4000' }).amount).toBe(
      'Amount to borrow ($) must be a number between 5000 and 250000 in steps of 500.',
    );
    expect(errorsFor(form, { ...base, amount: '30,250' }).amount).toBeDefined();
    expect(errorsFor(form, { ...base, amount: 'lots' }).amount).toBeDefined();
    expect(errorsFor(form, { ...base, amount: '30500' }).amount).toBeUndefined();
  });

  it("photos-request: hidden message 'Please send photos for this car', the shopper's own message optional", () => {
    const form = compile(group, 'photos-request', { car: CAR });
    const values = normaliseFormValues(form, { ...GOOD, message: 'tampered', comments: '' }).values;
    expect(values.message).toBe('Please send photos for this car');
    expect(validator.validate(form, values)).toEqual([]);
  });

  it('test drive: date-time and message optional; event 17, or 48 for a used car', () => {
    const form = compile(group, 'test-drive');
    expect(form.eventId).toBe(17);
    expect(compile(group, 'test-drive', { car: CAR }).eventId).toBe(48);
    expect(compile(group, 'test-drive', { car: { ...CAR, car_type: 'new' } }).eventId).toBe(17);
    expect(errorsFor(form, { ...GOOD, message: '', preferred_time: '' })).toEqual({});
    expect(errorsFor(form, { ...GOOD, preferred_time: 'next tuesday' }).preferred_time).toBeDefined();
    // issue 20, catalogue §7: the time is a free slot's start with the location's offset.
    expect(errorsFor(form, { ...GOOD, preferred_time: '2026-12-01T10:30' }).preferred_time).toBeDefined();
    expect(errorsFor(form, { ...GOOD, preferred_time: '2026-12-01T10:30:00+11:00' }).preferred_time).toBeUndefined();
  });

  it('test drive (catalogue §7 appointments): the time field follows a location picker of the locations that sell cars', () => {
    const fields = compile(group, 'test-drive').steps[0]!.fields;
    const at = fields.findIndex((f) => f.name === 'preferred_time');
    expect(fields[at]).toMatchObject({ type: 'appointment', required: false });
    const selling = LOCATIONS.filter((l) => ['', 'sales', 'used'].includes(l.type));
    expect(fields[at - 1]).toMatchObject({
      name: 'location_id',
      type: selling.length > 1 ? 'select' : 'hidden',
      required: false,
    });
    const one = compile(group, 'test-drive', { locations: [{ id: 7, name: 'Only yard', type: 'sales' }] });
    expect(one.steps[0]!.fields.find((f) => f.name === 'location_id')).toMatchObject({ type: 'hidden', value: '7' });
    const none = compile(group, 'test-drive', { locations: [{ id: 8, name: 'Workshop', type: 'service' }] });
    expect(none.steps[0]!.fields.map((f) => f.name)).not.toContain('preferred_time');
  });

  it('event ids and submit text (conversion §9): general 22, new 14, used 15, careers 51; Enquire Now unless the site says Message Now', () => {
    expect(compile(group, 'general-enquiry')).toMatchObject({ eventId: 22, submitText: 'Enquire Now' });
    expect(compile(group, 'new-car-enquiry').eventId).toBe(14);
    expect(compile(group, 'used-car-enquiry', { car: CAR }).eventId).toBe(15);
    expect(compile(group, 'careers').eventId).toBe(51);
    expect(
      compile(group, 'general-enquiry', { settings: { ...group.formSettings, submitText: 'Message Now' } }).submitText,
    ).toBe('Message Now');
  });

  it("careers: category 'Careers Enquiry' is sent as General Enquiry with subcategory 'Career Enquiry' (conversion §7 item 2)", () => {
    expect(compile(group, 'careers')).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    expect(leadCategory('Careers Enquiry')).toEqual({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    expect(leadCategory('Service Enquiry')).toEqual({ category: 'Service Enquiry' });
  });

  it('a form about a car posts the enquiry form defaults (conversion §3) without asking', () => {
    const form = compile(group, 'used-car-enquiry', { car: CAR });
    const { values } = normaliseFormValues(form, { ...GOOD, car_id: 1, dealership_slug: 'someone-else' });
    expect(values).toMatchObject({
      dealership_slug: 'southern-cross-used',
      manufacturer_slug: 'mazda',
      stock_number: 'U123',
      'Vehicle Make': 'Mazda',
      'Vehicle Model': 'CX-5',
      car_type: 'used',
      car_id: 77,
      vehicle_status: 'in_stock',
      opt_in: false,
    });
    expect(initialFormValues(form).opt_in).toBe(true);
    expect(initialFormValues(form).message).toBe(
      "I'm interested in the 2021 Mazda CX-5 Maxx (stock number U123). Is it still available?",
    );
    // Without a car the car-specific starting message is left out rather than shown with '{car name}'.
    expect(initialFormValues(compile(group, 'new-car-enquiry')).message).toBe('');
  });

  it('the location enquiry posts a hidden location_id', () => {
    const form = compile(group, 'location-enquiry', { locationId: 11 });
    expect(field(form, 'location_id')).toMatchObject({ type: 'hidden', value: '11' });
    expect(normaliseFormValues(form, { location_id: '10' }).values.location_id).toBe('11');
  });

  it('multi-step: each step validates its own fields; the trade-in lead step asks name, last_name, postcode, phone, email with a hidden field', () => {
    const form = compile(group, 'trade-in');
    expect(form.steps).toHaveLength(2);
    expect(form.steps[1]!.fields.map((f) => f.name)).toEqual([
      'lead_type',
      'name',
      'last_name',
      'postcode',
      'phone',
      'email',
    ]);
    expect(field(form, 'regoState')?.value).toBe('qld');
    expect(Object.keys(errorsFor(form, {}, 0)).sort()).toEqual(['odometer', 'rego', 'regoState', 'vehicle', 'year']);
    const car = { rego: 'ABC123', regoState: 'nsw', vehicle: 'Mazda 3', year: '2015', odometer: '120000' };
    expect(errorsFor(form, car, 0)).toEqual({});
    expect(Object.keys(errorsFor(form, car, 1))).toEqual(['name', 'last_name', 'postcode', 'phone', 'email']);
  });

  it('errors come in the order of the fields, for the summary under the spec heading', () => {
    const form = compile(group, 'general-enquiry');
    const { values } = normaliseFormValues(form, initialFormValues(form));
    expect(validator.validate(form, values).map((e) => e.field)).toEqual([
      'name',
      'last_name',
      'email',
      'phone',
      'postcode',
      'dealership_slug',
      'message',
      'disclaimer',
    ]);
    expect(ERROR_SUMMARY_HEADING).toBe('Please fix the following errors:');
  });

  it('keeps what the form does not know instead of dropping it', () => {
    const form = compile(group, 'general-enquiry');
    expect(normaliseFormValues(form, { ...GOOD, preferred_colour: ' Red ' }).extras).toEqual({
      preferred_colour: 'Red',
    });
  });
});

describe('field names that are also names of every object (found by the issue 30 L6 differential test)', () => {
  it('a field named toString or __proto__ that was not sent is missing, and one that was is an own value', () => {
    const base = franchise.forms['general-enquiry'];
    if (!base) throw new Error('no general-enquiry form');
    const definition: ResolvedFormDefinition = {
      ...base,
      title: 'Odd names',
      steps: undefined,
      fields: [
        { name: 'toString', type: 'text' },
        { name: 'constructor', type: 'text' },
        { name: '__proto__', type: 'text' },
        { name: 'email', type: 'email', required: true },
      ],
    };
    const form = compileForm('odd', definition, context(franchise));
    expect(() => normaliseFormValues(form, { email: 'ana@example.com' })).not.toThrow();
    const { values } = normaliseFormValues(form, { email: 'ana@example.com' });
    expect(Object.keys(values)).not.toContain('toString');
    const sent = JSON.parse('{"email":"ana@example.com","__proto__":"x","toString":"y"}') as Record<string, unknown>;
    const own = normaliseFormValues(form, sent).values;
    expect(Object.getPrototypeOf(own)).toBe(Object.prototype);
    expect(Object.hasOwn(own, '__proto__') && own.toString).toBe('y');
  });
});
