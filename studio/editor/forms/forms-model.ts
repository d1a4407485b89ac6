/**
 * The Forms tab's model (issue 32): pure rules over a site's own `forms` and the forms its template
 * and dealer group supply, for an editor that shows one form at a time.
 *
 * How a site's forms combine with the template's (engine/merge.ts, tenant-registry.ts): the layers
 * template -> dealer group -> site are deep-merged, and `forms` is a map by form name, so they merge
 * form by form. A site's entry under a template form's name merges over that form key by key: what
 * the site's form sets wins (its title, texts, settings, and its `fields` or `steps` list as a whole,
 * since lists replace), and what it leaves out still comes from the template. A site's entry must
 * be a whole form on its own (the site document is checked against the layer schema first: a title,
 * and fields or steps), so "Customise for this site" copies the template's whole form under the
 * same name, and "Use the template's again" drops the site's entry of that name; the site's other
 * forms are untouched. Client-safe, no React; every function returns new objects.
 */
import type { EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import { inheritedKeys, type Origin } from '../document-model';
import { issuesUnder, pointerOf } from '../schema-tools';

/**
 * Where a form of the list comes from: the template's as it is (`template`), the template's with
 * this site's own copy over it (`customised`), or this site's alone (`own`).
 */
export type FormOrigin = Origin;

export interface FormEntry {
  /** The form's short name (its key under `forms`), e.g. test-drive. */
  name: string;
  /** What the editor calls it: its title, else its short name in words; made unique in the list. */
  label: string;
  origin: FormOrigin;
  /** The form the site shows: this site's copy over the template's, merged as the engine merges them. */
  form: JsonObject;
  /** A customised form whose copy is still exactly the template's. */
  unchanged: boolean;
  /** How many of the draft's problems are in this form. */
  problems: number;
}

/** A form's short name (tenant-layer schema, `forms` propertyNames). */
export const FORM_NAME_PATTERN = /^[a-z][a-z0-9-]*$/;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Where a form is in the tenant document, e.g. `/forms/test-drive`. */
export const formPointer = (name: string): string => pointerOf(['forms', name]);

/** A short name in words: `test-drive` -> "Test drive". */
export function nameInWords(name: string): string {
  const words = name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** The form's title (its heading), trimmed; undefined when it has none. */
function titleOf(form: JsonObject): string | undefined {
  const title = typeof form.title === 'string' ? form.title.replace(/\s+/g, ' ').trim() : '';
  return title || undefined;
}

/** `over` merged onto `base` as engine/merge.ts merges layers: objects key by key, everything else replaced. */
function mergeOnto(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? mergeOnto(current, value) : value;
  }
  return out;
}

const formsOf = (value: unknown): JsonObject => (isObject(value) ? value : {});

/**
 * Every form the site has, the template's first in the template's order, then the site's own new
 * forms in the site's order; each with its label, where it comes from and its problem count.
 */
export function formEntries(own: unknown, inherited: unknown, issues: readonly EditorIssue[]): FormEntry[] {
  const ownForms = formsOf(own);
  const templateForms = formsOf(inherited);
  const names = [
    ...Object.keys(templateForms).filter((name) => isObject(templateForms[name])),
    ...Object.keys(ownForms).filter((name) => !isObject(templateForms[name]) && ownForms[name] !== undefined),
  ];
  const entries = names.map((name): FormEntry => {
    const template = templateForms[name];
    const copy = ownForms[name];
    const mine = copy !== undefined;
    const origin: FormOrigin = !mine ? 'template' : isObject(template) ? 'customised' : 'own';
    const ownForm = isObject(copy) ? copy : {};
    const form =
      origin === 'template' && isObject(template)
        ? template
        : origin === 'customised' && isObject(template)
          ? mergeOnto(template, ownForm)
          : ownForm;
    return {
      name,
      label: titleOf(form) ?? nameInWords(name),
      origin,
      form,
      unchanged: origin === 'customised' && sameJson(copy, template),
      problems: issuesUnder(issues, formPointer(name)).length,
    };
  });
  // Two forms with one title (a new-car and a used-car enquiry): each says which it is.
  const seen = new Map<string, number>();
  for (const e of entries) seen.set(e.label, (seen.get(e.label) ?? 0) + 1);
  return entries.map((e) =>
    (seen.get(e.label) ?? 0) > 1 && e.label !== nameInWords(e.name)
      ? { ...e, label: `${e.label} (${nameInWords(e.name)})` }
      : e,
  );
}

/** What a form holds, in words: "12 fields", or "2 steps, 13 fields". */
export function formSummary(form: JsonObject): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  if (Array.isArray(form.steps)) {
    const fields = form.steps.reduce<number>((sum, step) => sum + (isObject(step) ? count(step.fields) : 0), 0);
    return `${plural(form.steps.length, 'step', 'steps')}, ${plural(fields, 'field', 'fields')}`;
  }
  return plural(count(form.fields), 'field', 'fields');
}

/** The one sentence beside "Customise for this site": what customising means. */
export const CUSTOMISE_SENTENCE =
  'This site then keeps its own copy of this form and stops following the template’s changes to it.';

/** The site's forms after "Customise for this site": the template's whole form copied under the same name. */
export function customiseForm(own: unknown, inherited: unknown, name: string): JsonObject {
  const ownForms = formsOf(own);
  const template = formsOf(inherited)[name];
  if (!isObject(template)) return ownForms;
  return { ...ownForms, [name]: structuredClone(template) };
}

/**
 * The site's forms without its entry `name`: "Use the template's again" for a customised form, or
 * removing a form of the site's own. Undefined when none are left, so the caller drops the `forms`
 * key and the site follows the template's forms as a whole again.
 */
export function withoutForm(own: unknown, name: string): JsonObject | undefined {
  const rest = Object.fromEntries(Object.entries(formsOf(own)).filter(([key]) => key !== name));
  return Object.keys(rest).length ? rest : undefined;
}

/** The site's forms with its copy of `name` replaced by what the editor changed (its place in the document kept). */
export function updateForm(own: unknown, name: string, form: JsonObject): JsonObject {
  return { ...formsOf(own), [name]: form };
}

/** A short name from a name in words: "Fleet enquiry" -> `fleet-enquiry`. */
export function nameFromWords(words: string): string {
  const name = words
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return /^[0-9]/.test(name) ? `form-${name}` : name;
}

/** The fields a new form starts with: the standard names the lead store knows, so leads arrive complete. */
export const STARTER_FIELDS: readonly JsonObject[] = [
  { name: 'name', type: 'text', label: 'First name', required: true, autocomplete: 'given-name' },
  { name: 'email', type: 'email', label: 'Email', required: true, autocomplete: 'email' },
  { name: 'phone', type: 'tel', label: 'Phone', autocomplete: 'tel' },
  { name: 'message', type: 'textarea', label: 'How can we help?' },
];

export type AddFormResult = { ok: true; own: JsonObject; name: string } | { ok: false; problem: string };

/** The site's forms with a new form of its own, titled `words`, with the starter fields. */
export function addForm(own: unknown, inherited: unknown, words: string): AddFormResult {
  const title = words.replace(/\s+/g, ' ').trim();
  if (!title) return { ok: false, problem: 'Give the new form a name, e.g. Fleet enquiry.' };
  const name = nameFromWords(title);
  if (!FORM_NAME_PATTERN.test(name))
    return { ok: false, problem: 'Use letters or numbers in the name, e.g. Fleet enquiry.' };
  if (formsOf(own)[name] !== undefined || formsOf(inherited)[name] !== undefined)
    return {
      ok: false,
      problem: `The site already has a form called “${nameInWords(name)}”. Choose it in the list to change it, or use another name.`,
    };
  return {
    ok: true,
    name,
    own: { ...formsOf(own), [name]: { title, fields: STARTER_FIELDS.map((f) => ({ ...f })) } },
  };
}

/**
 * What a customised form shows for a setting its copy leaves empty (the Studio's "Left empty: the
 * template's …" line): the template form's own settings, which the engine still merges in, without
 * its lists (fields, steps, options), which the copy's lists replace as a whole.
 */
export function templateFallbacks(template: unknown): JsonObject | undefined {
  if (!isObject(template)) return undefined;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(template)) {
    if (Array.isArray(value)) continue;
    out[key] = isObject(value) ? (templateFallbacks(value) ?? {}) : value;
  }
  return out;
}

/**
 * The schema of one form (the values of the bundle's `forms` map), as the root of its own editor
 * form, with the bundle's definitions so its references resolve. Undefined if the bundle has none.
 */
export function oneFormSchema(bundle: SchemaNode): SchemaNode | undefined {
  const properties = isObject(bundle.properties) ? bundle.properties : {};
  const forms = properties.forms;
  const values = isObject(forms) ? forms.additionalProperties : undefined;
  if (!isObject(values)) return undefined;
  const definitions = isObject(bundle.definitions) ? bundle.definitions : {};
  const ref = typeof values.$ref === 'string' ? values.$ref : undefined;
  const target =
    ref && ref.startsWith('#/definitions/')
      ? definitions[decodeURIComponent(ref.slice('#/definitions/'.length))]
      : values;
  if (!isObject(target)) return undefined;
  const rest = Object.fromEntries(Object.entries(values).filter(([key]) => key !== '$ref'));
  return { ...target, ...rest, definitions };
}

/** The other keys of the tab (the settings every form shares, the test-drive times): one editor form each. */
export interface SettingsEntry {
  key: string;
  /** The key's title in the schema, e.g. "Form settings". */
  label: string;
  /**
   * `template`: the template or dealer group supplies lists here, which the site follows until it
   * customises the whole setting; `customised`: the site has its own in place of those; `plain`:
   * edited field by field (a field left empty shows what applies instead).
   */
  state: 'template' | 'customised' | 'plain';
  problems: number;
}

/** The tab's other keys, as the list under the forms offers them. */
export function settingsEntries(
  bundle: SchemaNode,
  document: JsonObject,
  inherited: JsonObject,
  keys: readonly string[],
  issues: readonly EditorIssue[],
): SettingsEntry[] {
  const properties = isObject(bundle.properties) ? bundle.properties : {};
  const whole = new Map(inheritedKeys(document, inherited, keys).map((k) => [k.key, k.state]));
  return keys.map((key) => {
    const schema = properties[key];
    const title = isObject(schema) && typeof schema.title === 'string' ? schema.title : nameInWords(key);
    const state = whole.get(key);
    return {
      key,
      label: title,
      state: state === 'inherited' ? 'template' : state === 'own' ? 'customised' : 'plain',
      problems: issuesUnder(issues, pointerOf([key])).length,
    };
  });
}

/** The issues about the forms as a whole (e.g. a short name that is not allowed), not about one form. */
export const wholeFormsIssues = (issues: readonly EditorIssue[]): EditorIssue[] =>
  issues.filter((i) => i.pointer === '/forms');

/** What the tab shows first: the first form or setting with a problem, else the first form. */
export type Choice = { kind: 'form'; name: string } | { kind: 'settings'; key: string };

export function firstChoice(forms: readonly FormEntry[], settings: readonly SettingsEntry[]): Choice | undefined {
  const form = forms.find((f) => f.problems > 0);
  if (form) return { kind: 'form', name: form.name };
  const setting = settings.find((s) => s.problems > 0);
  if (setting) return { kind: 'settings', key: setting.key };
  const first = forms[0];
  if (first) return { kind: 'form', name: first.name };
  const key = settings[0]?.key;
  return key === undefined ? undefined : { kind: 'settings', key };
}

/** The choice still in the list, else the first (a form removed, or changed in the JSON tab). */
export function validChoice(
  choice: Choice | undefined,
  forms: readonly FormEntry[],
  settings: readonly SettingsEntry[],
): Choice | undefined {
  if (choice?.kind === 'form' && forms.some((f) => f.name === choice.name)) return choice;
  if (choice?.kind === 'settings' && settings.some((s) => s.key === choice.key)) return choice;
  return firstChoice(forms, settings);
}
