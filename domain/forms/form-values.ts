import type { CompiledField, CompiledForm, FormValue } from './compile-form';

/** Longest value kept for a field the form does not know (a stale page after a form change). */
const EXTRA_MAX_LENGTH = 2000;
const EXTRA_MAX_FIELDS = 40;

export interface NormalisedValues {
  /** The form's own fields, typed for its schema; hidden fields carry the compiled value. */
  values: Record<string, FormValue>;
  /** Names the form does not know, kept as text so nothing the shopper sent is lost. */
  extras: Record<string, string>;
}

function normaliseOne(field: CompiledField, raw: unknown): FormValue | undefined {
  switch (field.type) {
    case 'hidden':
      return (
        field.value ??
        (typeof raw === 'string' || typeof raw === 'number' ? String(raw).slice(0, EXTRA_MAX_LENGTH) : undefined)
      );
    case 'checkbox':
      return raw === true || raw === 'true' || raw === 'on' || raw === 1 || raw === '1';
    case 'checkboxes': {
      const list = Array.isArray(raw)
        ? raw
        : raw === undefined || raw === null || raw === false || raw === ''
          ? []
          : [raw];
      return list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
    }
    case 'number': {
      if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
      if (typeof raw !== 'string' || raw.trim() === '') return undefined;
      const n = Number(raw.trim().replace(/,/g, ''));
      // Not a number: keep the text so the schema reports it instead of dropping it.
      return Number.isFinite(n) ? n : raw.trim();
    }
    default: {
      if (raw === undefined || raw === null) return undefined;
      const text = (
        typeof raw === 'string'
          ? raw
          : typeof raw === 'number' || typeof raw === 'boolean'
            ? String(raw)
            : JSON.stringify(raw)
      ).trim();
      return text === '' ? undefined : text;
    }
  }
}

/**
 * Turns what a browser or an API caller sent into the values the schema checks: text trimmed, empty
 * text left out (so `required` reports it), numbers as numbers, checkboxes as booleans, hidden fields
 * as the server compiled them. Both sides run this before validating, so they agree. A later step of
 * a multi-step form normalises only its own fields (`fromStep`); earlier ones are already stored.
 */
export function normaliseFormValues(
  form: CompiledForm,
  raw: Readonly<Record<string, unknown>>,
  throughStep = form.steps.length - 1,
  fromStep = 0,
): NormalisedValues {
  // Own properties only, both ways: a tenant may name a field toString or __proto__ (the field-name
  // pattern allows them), which must read as missing when not sent and never reach a prototype.
  const found = new Map<string, FormValue>();
  const known = new Set<string>();
  form.steps.forEach((step, index) => {
    for (const field of step.fields) {
      known.add(field.name);
      if (index > throughStep || index < fromStep) continue;
      const value = normaliseOne(field, Object.hasOwn(raw, field.name) ? raw[field.name] : undefined);
      if (value !== undefined) found.set(field.name, value);
    }
  });
  const values: Record<string, FormValue> = Object.fromEntries(found);
  const extras: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (known.has(key) || Object.keys(extras).length >= EXTRA_MAX_FIELDS) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const text = String(value).trim().slice(0, EXTRA_MAX_LENGTH);
      if (text) extras[key.slice(0, 60)] = text;
    }
  }
  return { values, extras };
}

/** The values a form starts with: compiled defaults, then what the browser remembers (stored user details). */
export function initialFormValues(
  form: CompiledForm,
  remembered: Readonly<Record<string, string | undefined>> = {},
): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const step of form.steps) {
    for (const field of step.fields) {
      const saved = remembered[field.name];
      if (field.type !== 'hidden' && saved) values[field.name] = saved;
      else if (field.value !== undefined) values[field.name] = field.value;
      else if (field.type === 'checkboxes') values[field.name] = [];
      else if (field.type === 'checkbox') values[field.name] = false;
      else values[field.name] = '';
    }
  }
  return values;
}
