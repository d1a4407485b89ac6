import { describe, expect, it } from 'vitest';
import studioSchema from '../../../schemas/studio.schema.json';
import baseForms from '../../../pages-json/base/forms.json';
import { deepMerge } from '../../../engine/merge';
import type { EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import {
  CUSTOMISE_SENTENCE,
  addForm,
  customiseForm,
  firstChoice,
  formEntries,
  formSummary,
  nameFromWords,
  nameInWords,
  oneFormSchema,
  settingsEntries,
  templateFallbacks,
  updateForm,
  validChoice,
  wholeFormsIssues,
  withoutForm,
} from './forms-model';

const bundle = studioSchema as SchemaNode;

const testDrive = {
  title: 'Book a test drive',
  intro: 'Pick a time.',
  event: 17,
  eventByCarType: { used: 48 },
  fields: [
    { name: 'name', type: 'text', label: 'First name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
  ],
};
const template: JsonObject = {
  'test-drive': testDrive,
  'new-car-enquiry': { title: 'Enquire about this vehicle', fields: [{ name: 'name', type: 'text' }] },
  'used-car-enquiry': { title: 'Enquire about this vehicle', fields: [{ name: 'name', type: 'text' }] },
  'trade-in': {
    title: '  ',
    steps: [
      { title: 'Your car', fields: [{ name: 'rego', type: 'text' }] },
      {
        title: 'You',
        fields: [
          { name: 'name', type: 'text' },
          { name: 'email', type: 'email' },
        ],
      },
    ],
  },
};

describe('the Forms tab’s list (issue 32)', () => {
  it('names each form by its title, else its short name in words, and tells apart two forms with one title', () => {
    const entries = formEntries(undefined, template, []);
    expect(entries.map((e) => e.label)).toEqual([
      'Book a test drive',
      'Enquire about this vehicle (New car enquiry)',
      'Enquire about this vehicle (Used car enquiry)',
      'Trade in',
    ]);
    expect(nameInWords('finance-pre-approval')).toBe('Finance pre approval');
  });

  it('marks the template’s forms, the customised ones and the site’s own, template forms first', () => {
    const own = {
      fleet: { title: 'Fleet enquiry', fields: [{ name: 'name', type: 'text' }] },
      'test-drive': testDrive,
    };
    const entries = formEntries(own, template, []);
    expect(entries.map((e) => [e.name, e.origin])).toEqual([
      ['test-drive', 'customised'],
      ['new-car-enquiry', 'template'],
      ['used-car-enquiry', 'template'],
      ['trade-in', 'template'],
      ['fleet', 'own'],
    ]);
    expect(entries[0]?.unchanged).toBe(true);
    const changed = formEntries({ 'test-drive': { ...testDrive, title: 'Test drive a Mazda' } }, template, []);
    expect(changed[0]).toMatchObject({ label: 'Test drive a Mazda', unchanged: false });
  });

  it('shows a customised form as the engine merges it: what the copy leaves out still comes from the template', () => {
    const copy = { title: 'Drive one', fields: [{ name: 'phone', type: 'tel' }] };
    const [entry] = formEntries({ 'test-drive': copy }, template, []);
    const merged = deepMerge({ forms: template }, { forms: { 'test-drive': copy } }).forms as JsonObject;
    expect(entry?.form).toEqual(merged['test-drive']);
    expect(entry?.form).toMatchObject({ title: 'Drive one', intro: 'Pick a time.', fields: copy.fields });
  });

  it('counts each form’s problems by where they are, and keeps problems about the forms as a whole apart', () => {
    const issues: EditorIssue[] = [
      { pointer: '/forms/test-drive/fields/1/label', message: 'must not be empty' },
      { pointer: '/forms/test-drive', message: 'must have fields or steps' },
      { pointer: '/forms/test-drive-2/title', message: 'elsewhere' },
      { pointer: '/forms', message: 'a short name is not allowed' },
      { pointer: '/formSettings/submitText', message: 'must not be empty' },
    ];
    const entries = formEntries(undefined, template, issues);
    expect(entries.find((e) => e.name === 'test-drive')?.problems).toBe(2);
    expect(entries.find((e) => e.name === 'trade-in')?.problems).toBe(0);
    expect(wholeFormsIssues(issues).map((i) => i.message)).toEqual(['a short name is not allowed']);
  });

  it('says what a form holds in words', () => {
    expect(formSummary(testDrive)).toBe('2 fields');
    expect(formSummary(template['trade-in'] as JsonObject)).toBe('2 steps, 3 fields');
    expect(formSummary({ title: 'x', fields: [{}] })).toBe('1 field');
  });

  it('lists the real template’s forms by name, with no short name shown where a title exists', () => {
    const forms = (baseForms as { forms: JsonObject }).forms;
    const entries = formEntries(undefined, forms, []);
    expect(entries.length).toBe(Object.keys(forms).length);
    expect(entries.every((e) => e.origin === 'template')).toBe(true);
    expect(new Set(entries.map((e) => e.label)).size).toBe(entries.length);
    expect(entries.find((e) => e.name === 'general-enquiry')?.label).toBe('Send us an enquiry');
  });
});

describe('customising a form and going back to the template’s (issue 32)', () => {
  it('copies the template’s whole form under its name, leaving the site’s other forms as they are', () => {
    const fleet = { title: 'Fleet enquiry', fields: [{ name: 'name', type: 'text' }] };
    const next = customiseForm({ fleet }, template, 'test-drive');
    expect(next).toEqual({ fleet, 'test-drive': testDrive });
    // A copy, not the template's object: changing it cannot change what the template shows.
    expect(next['test-drive']).not.toBe(testDrive);
    expect(customiseForm(undefined, template, 'no-such-form')).toEqual({});
  });

  it('after customising, the merged site is unchanged until the copy is edited', () => {
    const own = customiseForm(undefined, template, 'test-drive');
    expect(deepMerge({ forms: template }, { forms: own })).toEqual({ forms: template });
  });

  it('“Use the template’s again” drops that form’s copy alone, and the forms key once none are left', () => {
    const own = { 'test-drive': testDrive, fleet: { title: 'Fleet' } };
    expect(withoutForm(own, 'test-drive')).toEqual({ fleet: { title: 'Fleet' } });
    expect(withoutForm({ 'test-drive': testDrive }, 'test-drive')).toBeUndefined();
    expect(withoutForm(undefined, 'test-drive')).toBeUndefined();
  });

  it('a change to the chosen form replaces its copy and keeps the others and their order', () => {
    const own = { a: { title: 'A' }, b: { title: 'B' } };
    const next = updateForm(own, 'a', { title: 'A2' });
    expect(Object.keys(next)).toEqual(['a', 'b']);
    expect(next).toEqual({ a: { title: 'A2' }, b: { title: 'B' } });
    expect(own.a.title).toBe('A');
  });

  it('explains customising in one sentence', () => {
    expect(CUSTOMISE_SENTENCE.split(/[.!?](\s|$)/).filter((s) => s.trim()).length).toBe(1);
    expect(CUSTOMISE_SENTENCE).toMatch(/own copy/);
    expect(CUSTOMISE_SENTENCE).toMatch(/template’s changes/);
  });

  it('a customised form’s empty settings fall back to the template’s, but not its lists (lists replace)', () => {
    expect(templateFallbacks(testDrive)).toEqual({
      title: 'Book a test drive',
      intro: 'Pick a time.',
      event: 17,
      eventByCarType: { used: 48 },
    });
    expect(templateFallbacks(undefined)).toBeUndefined();
  });
});

describe('adding a form of the site’s own', () => {
  it('makes a short name from the words and starts the form with the standard fields', () => {
    expect(nameFromWords('Fleet Enquiry!')).toBe('fleet-enquiry');
    expect(nameFromWords('  Café  bookings ')).toBe('cafe-bookings');
    expect(nameFromWords('4WD hire')).toBe('form-4wd-hire');
    const result = addForm(undefined, template, 'Fleet enquiry');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.name).toBe('fleet-enquiry');
    const form = result.own['fleet-enquiry'] as JsonObject;
    expect(form.title).toBe('Fleet enquiry');
    expect((form.fields as JsonObject[]).map((f) => f.name)).toEqual(['name', 'email', 'phone', 'message']);
  });

  it('refuses an empty name and a name the site or its template already uses', () => {
    expect(addForm(undefined, template, '   ')).toMatchObject({ ok: false });
    expect(addForm(undefined, template, '!!!')).toMatchObject({ ok: false });
    expect(addForm(undefined, template, 'Test drive')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/already has a form called “Test drive”/),
    });
    expect(addForm({ fleet: {} }, template, 'Fleet')).toMatchObject({ ok: false });
  });
});

describe('one form’s schema and the tab’s other settings', () => {
  it('cuts the schema of one form from the bundle, with its references resolvable', () => {
    const schema = oneFormSchema(bundle);
    expect(schema).toBeDefined();
    const properties = (schema?.properties ?? {}) as JsonObject;
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['title', 'fields', 'steps']));
    expect(schema?.required).toEqual(['title']);
    expect(Object.keys((schema?.definitions ?? {}) as JsonObject)).toContain('form.field');
    expect(oneFormSchema({})).toBeUndefined();
  });

  it('lists the shared settings with their titles, whether the template supplies them and their problems', () => {
    const keys = ['formSettings', 'testDrive'];
    const inherited = { formSettings: { categories: ['Sales', 'Service'] } };
    const issues: EditorIssue[] = [{ pointer: '/testDrive/horizonDays', message: 'must be at most 60' }];
    expect(settingsEntries(bundle, {}, inherited, keys, issues)).toEqual([
      { key: 'formSettings', label: 'Form settings', state: 'template', problems: 0 },
      { key: 'testDrive', label: 'Test-drive bookings', state: 'plain', problems: 1 },
    ]);
    const own = settingsEntries(bundle, { formSettings: { categories: ['Sales'] } }, inherited, keys, []);
    expect(own[0]?.state).toBe('customised');
  });

  it('opens on the first form with a problem, else the first form, and falls back when the chosen one is gone', () => {
    const issues: EditorIssue[] = [{ pointer: '/forms/trade-in/steps/0/title', message: 'must not be empty' }];
    const settings = settingsEntries(bundle, {}, {}, ['formSettings', 'testDrive'], []);
    expect(firstChoice(formEntries(undefined, template, issues), settings)).toEqual({ kind: 'form', name: 'trade-in' });
    const entries = formEntries(undefined, template, []);
    expect(firstChoice(entries, settings)).toEqual({ kind: 'form', name: 'test-drive' });
    expect(firstChoice([], settings)).toEqual({ kind: 'settings', key: 'formSettings' });
    expect(validChoice({ kind: 'form', name: 'gone' }, entries, settings)).toEqual({
      kind: 'form',
      name: 'test-drive',
    });
    expect(validChoice({ kind: 'settings', key: 'testDrive' }, entries, settings)).toEqual({
      kind: 'settings',
      key: 'testDrive',
    });
  });
});
