import type { ResolvedFormDefinition, ResolvedFormField, ResolvedFormSettings } from '../../schemas/types.generated';
import { isTestDriveLocationType } from '../appointments/slots';
import { slugify } from '../slug';
import { isSwitchedOn } from '../switches';
import {
  CAREERS_CATEGORY,
  CAREER_SUBCATEGORY,
  DEALERSHIP_MESSAGE,
  DEALERSHIP_PLACEHOLDER,
  DEFAULT_CATEGORY,
  DISCLAIMER_MESSAGE,
  EMAIL_MESSAGE,
  GENERAL_ENQUIRY_EVENT,
  PHONE_MESSAGE,
  POSTCODE_MESSAGE,
} from './form-messages';

export type FormValue = string | number | boolean | string[];
export type JsonSchema = { [key: string]: unknown };

/** The car a form is about (vehicle pages, test drive with ?car_id). */
export interface FormCar {
  id: number;
  slug: string;
  /** Display name, e.g. '2021 Mazda CX-5 Maxx Sport'. */
  name: string;
  car_type: string;
  status: string;
  dealership_slug: string;
  make: string;
  model: string;
  stocknum?: string;
}

export interface FormOptionSources {
  dealerships: readonly { slug: string; name: string }[];
  locations: readonly { id: number; name: string; type: string }[];
}

export interface FormContext extends FormOptionSources {
  settings: ResolvedFormSettings;
  /** The tenant's resolved feature switches, for `when`. */
  features: object;
  car?: FormCar;
  /** The location a location-enquiry modal is about (posted as hidden location_id). */
  locationId?: number;
}

export interface CompiledField {
  name: string;
  type: ResolvedFormField['type'];
  label: string;
  placeholder?: string;
  help?: string;
  required: boolean;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
  autocomplete?: string;
  width: 'full' | 'half';
  /** Starting value; for hidden fields the value that is posted. */
  value?: FormValue;
}

export interface CompiledStep {
  title?: string;
  fields: CompiledField[];
}

export interface CompiledForm {
  name: string;
  title: string;
  intro?: string;
  eventId: number;
  category: string;
  subcategory?: string;
  submitText: string;
  successPath: string;
  disclaimerNotice?: string;
  steps: CompiledStep[];
  /** One JSON Schema per step, each covering that step's fields (ajv + ajv-errors keywords only). */
  schemas: JsonSchema[];
}

const STATES = ['act', 'nsw', 'nt', 'qld', 'sa', 'tas', 'vic', 'wa'] as const;
const DEFAULT_MAX_LENGTH: Partial<Record<ResolvedFormField['type'], number>> = {
  textarea: 5000,
  email: 254,
  tel: 20,
  postcode: 4,
};
/** Australian numbers: 8 to 15 digits with optional +, spaces, brackets and dashes. */
const PHONE_PATTERN = '^\\+?[0-9(][0-9 ()-]{6,18}[0-9]$';
const DATETIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$';
/** A slot's start as the appointments API writes it: a date-time with its offset (the instant and the local time). */
const SLOT_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?(Z|[+-][0-9]{2}:[0-9]{2})$';
/** The field an appointment's location is posted in (the name submit-lead reads as the lead's location). */
export const APPOINTMENT_LOCATION_FIELD = 'location_id';
export const APPOINTMENT_LOCATION_LABEL = 'Location for your test drive';
export const APPOINTMENT_MESSAGE = 'Please pick one of the times shown.';

/** conversion §7 item 2: 'Careers Enquiry' becomes General Enquiry with subcategory 'Career Enquiry'. */
export function leadCategory(category: string, subcategory?: string): { category: string; subcategory?: string } {
  if (category === CAREERS_CATEGORY) return { category: DEFAULT_CATEGORY, subcategory: CAREER_SUBCATEGORY };
  return subcategory ? { category, subcategory } : { category };
}

/** conversion §9: the event a form fires, by the car's type where the form says so (used test drive 48). */
export function formEvent(
  form: Pick<ResolvedFormDefinition, 'event' | 'eventByCarType'>,
  car?: Pick<FormCar, 'car_type'>,
): number {
  const byType = form.eventByCarType as Record<string, number | undefined> | undefined;
  return (car && byType?.[car.car_type]) ?? form.event;
}

/** conversion §3 Enquiry form defaults: what a form about a car posts without asking. */
export function carDefaults(car: FormCar): Record<string, FormValue> {
  return {
    dealership_slug: car.dealership_slug,
    manufacturer_slug: slugify(car.make),
    ...(car.stocknum ? { stock_number: car.stocknum } : {}),
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
    car_type: car.car_type,
    car_id: car.id,
    vehicle_status: car.status,
  };
}

/** '{car name}' and '{stocknum}' from the car; a text that needs a car is left out without one. */
function fillCar(text: string, car: FormCar | undefined): string | undefined {
  if (!car) return /\{(car name|stocknum)\}/.test(text) ? undefined : text;
  return text.replace(/\{car name\}/g, car.name).replace(/\{stocknum\}/g, car.stocknum ?? '');
}

function optionList(field: ResolvedFormField, context: FormContext): { value: string; label: string }[] | undefined {
  const { options } = field;
  if (options === undefined) return undefined;
  if (Array.isArray(options)) return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  switch (options) {
    case 'categories':
      return context.settings.categories.map((c) => ({ value: c, label: c }));
    case 'dealerships':
      return context.dealerships.map((d) => ({ value: d.slug, label: d.name }));
    case 'locations':
      return context.locations.map((l) => ({ value: String(l.id), label: l.name }));
    case 'serviceLocations':
      return context.locations
        .filter((l) => /service/.test(l.type))
        .map((l) => ({ value: String(l.id), label: l.name }));
    case 'states':
      return STATES.map((s) => ({ value: s, label: s.toUpperCase() }));
  }
}

/** A field as the context shapes it, or undefined when this context does not ask it (conversion §5.1). */
function shapeField(
  field: ResolvedFormField,
  form: ResolvedFormDefinition,
  context: FormContext,
): CompiledField | undefined {
  if (!isSwitchedOn(field.when, context.features)) return undefined;
  if (field.withCar !== undefined && field.withCar !== Boolean(context.car)) return undefined;
  const { car, settings } = context;
  const base: CompiledField = {
    name: field.name,
    type: field.type,
    label: field.label ?? field.name,
    required: field.required ?? false,
    width: field.width ?? 'full',
    ...(field.placeholder !== undefined ? { placeholder: field.placeholder } : {}),
    ...(field.help !== undefined ? { help: field.help } : {}),
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
    ...(field.step !== undefined ? { step: field.step } : {}),
    ...(field.autocomplete !== undefined ? { autocomplete: field.autocomplete } : {}),
  };
  const maxLength = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type] ?? (field.type === 'hidden' ? undefined : 200);
  if (maxLength !== undefined) base.maxLength = maxLength;
  const options = optionList(field, context);
  if (options) base.options = options;
  const value = typeof field.value === 'string' ? fillCar(field.value, car) : field.value;
  if (value !== undefined) base.value = value;
  const hidden = (value: FormValue | undefined): CompiledField | undefined =>
    value === undefined
      ? undefined
      : { name: field.name, type: 'hidden', label: base.label, required: false, width: 'full', value };

  switch (field.options) {
    case 'categories':
      // conversion §5.1: offered only for the general enquiry event (22) or category General Enquiry.
      if (form.event !== GENERAL_ENQUIRY_EVENT && form.category !== DEFAULT_CATEGORY) return undefined;
      return { ...base, required: true, value: base.value ?? DEFAULT_CATEGORY };
    case 'dealerships': {
      // conversion §5.1: required with more than one dealership unless removed; a car names its own.
      if (car) return hidden(car.dealership_slug);
      if (settings.removeDealershipSelect) return undefined;
      if (context.dealerships.length === 1) return hidden(context.dealerships[0]?.slug);
      if (context.dealerships.length === 0) return undefined;
      return { ...base, required: true, placeholder: field.placeholder ?? DEALERSHIP_PLACEHOLDER };
    }
    case 'locations': {
      if (context.locationId !== undefined) return hidden(String(context.locationId));
      // conversion §5.1: required when the site enables it and no car is set, or for new cars on some sites.
      // A form that always needs a location (the location enquiry) says so with required: true.
      const asked =
        field.required === true ||
        (settings.websiteLocationSelect && !car) ||
        (settings.locationSelectForNewCars && car?.car_type === 'new');
      return asked ? { ...base, required: true } : undefined;
    }
    case 'states':
      return { ...base, value: base.value ?? settings.defaultState };
    default:
      break;
  }
  if (field.type === 'appointment') {
    // Slots come from a location's opening hours: without a location that sells cars there are none to offer.
    if (appointmentLocations(context).length === 0) return undefined;
    // catalogue §5.1 'Test-drive form: date-time optional': 'No preference' is always allowed.
    return { ...base, required: false };
  }
  if (field.name === 'message' && field.type === 'textarea') {
    // conversion §5.1: required by default, unless a site flag lifts it.
    return { ...base, required: settings.messageOptional ? false : (field.required ?? true) };
  }
  if (field.type === 'postcode') return { ...base, required: field.required ?? true, maxLength: 4 };
  // A hidden field without a value carries what the page fills in (e.g. the finance page's ?vin=).
  if (field.type === 'hidden')
    return base.value === undefined
      ? { name: field.name, type: 'hidden', label: base.label, required: false, width: 'full' }
      : hidden(base.value);
  return base;
}

/** The locations a test drive can be booked at, as choices; only the form's own location when it is about one. */
function appointmentLocations(context: FormContext): { value: string; label: string }[] {
  const selling = context.locations.filter((l) => isTestDriveLocationType(l.type));
  const about = context.locationId !== undefined ? selling.filter((l) => l.id === context.locationId) : [];
  return (about.length ? about : selling).map((l) => ({ value: String(l.id), label: l.name }));
}

/**
 * The location picker an appointment field needs, placed before it, unless the form asks for
 * location_id itself: hidden with the only location, a choice among several.
 */
function appointmentLocationField(context: FormContext): CompiledField | undefined {
  const options = appointmentLocations(context);
  const only = options.length === 1 ? options[0] : undefined;
  if (only)
    return {
      name: APPOINTMENT_LOCATION_FIELD,
      type: 'hidden',
      label: APPOINTMENT_LOCATION_LABEL,
      required: false,
      width: 'full',
      value: only.value,
    };
  if (!options.length) return undefined;
  return {
    name: APPOINTMENT_LOCATION_FIELD,
    type: 'select',
    label: APPOINTMENT_LOCATION_LABEL,
    placeholder: 'Any location',
    required: false,
    width: 'half',
    options,
  };
}

function requiredMessage(field: CompiledField, declared: ResolvedFormField | undefined): string {
  if (declared?.message) return declared.message;
  if (field.type === 'postcode') return POSTCODE_MESSAGE;
  if (field.type === 'checkbox' && field.name === 'disclaimer') return DISCLAIMER_MESSAGE;
  if (field.name === 'dealership_slug') return DEALERSHIP_MESSAGE;
  if (field.type === 'select' || field.type === 'checkboxes') return `Please choose ${field.label.toLowerCase()}.`;
  if (field.type === 'checkbox') return `Please tick "${field.label}".`;
  return `${field.label} is required.`;
}

function invalidMessage(field: CompiledField, declared: ResolvedFormField | undefined): string {
  if (declared?.message) return declared.message;
  switch (field.type) {
    case 'postcode':
      return POSTCODE_MESSAGE;
    case 'email':
      return EMAIL_MESSAGE;
    case 'tel':
      return PHONE_MESSAGE;
    case 'checkbox':
      return requiredMessage(field, declared);
    case 'number': {
      const range =
        field.min !== undefined && field.max !== undefined
          ? ` between ${field.min} and ${field.max}`
          : field.min !== undefined
            ? ` of at least ${field.min}`
            : field.max !== undefined
              ? ` of at most ${field.max}`
              : '';
      return `${field.label} must be a number${range}${field.step !== undefined ? ` in steps of ${field.step}` : ''}.`;
    }
    case 'datetime':
      return `${field.label} must be a date and time.`;
    case 'appointment':
      return APPOINTMENT_MESSAGE;
    case 'date':
      return `${field.label} must be a date.`;
    case 'select':
    case 'checkboxes':
      return `Please choose ${field.label.toLowerCase()} from the list.`;
    default:
      return `${field.label} must be ${field.maxLength ?? 200} characters or fewer.`;
  }
}

function propertySchema(field: CompiledField): JsonSchema | undefined {
  const values = field.options?.map((o) => o.value);
  switch (field.type) {
    case 'hidden':
      return undefined; // the server posts its own value; nothing a shopper typed
    case 'checkbox':
      return field.required ? { type: 'boolean', const: true } : { type: 'boolean' };
    case 'checkboxes':
      return {
        type: 'array',
        items: values ? { type: 'string', enum: values } : { type: 'string' },
        uniqueItems: true,
        ...(field.required ? { minItems: 1 } : {}),
      };
    case 'number':
      return {
        type: 'number',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
        ...(field.step !== undefined ? { multipleOf: field.step } : {}),
      };
    case 'select':
      return values ? { type: 'string', enum: values } : { type: 'string', maxLength: field.maxLength };
    case 'email':
      return { type: 'string', format: 'email', maxLength: field.maxLength };
    case 'tel':
      return { type: 'string', pattern: PHONE_PATTERN, maxLength: field.maxLength };
    case 'postcode':
      return { type: 'string', pattern: '^[0-9]{4}$', maxLength: 4 };
    case 'datetime':
      return { type: 'string', pattern: DATETIME_PATTERN };
    case 'appointment':
      return { type: 'string', pattern: SLOT_PATTERN };
    case 'date':
      return { type: 'string', format: 'date' };
    default:
      return { type: 'string', maxLength: field.maxLength };
  }
}

function stepSchema(fields: CompiledField[], declared: ReadonlyMap<string, ResolvedFormField>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const requiredMessages: Record<string, string> = {};
  for (const field of fields) {
    const schema = propertySchema(field);
    if (!schema) continue;
    properties[field.name] = { ...schema, errorMessage: invalidMessage(field, declared.get(field.name)) };
    if (field.required) {
      required.push(field.name);
      requiredMessages[field.name] = requiredMessage(field, declared.get(field.name));
    }
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required, errorMessage: { required: requiredMessages } } : {}),
  };
}

/**
 * Compiles a form definition for one context into what the browser renders and one JSON Schema
 * per step. The server compiles the same definition with the same context (its own car lookup),
 * so both sides validate with the same schema and the same messages (conversion §5.1).
 */
export function compileForm(name: string, form: ResolvedFormDefinition, context: FormContext): CompiledForm {
  const declaredSteps = form.steps ?? [{ title: form.title, fields: form.fields ?? [] }];
  const declared = new Map<string, ResolvedFormField>();
  for (const step of declaredSteps) for (const field of step.fields) declared.set(field.name, field);
  const asksLocation = declared.has(APPOINTMENT_LOCATION_FIELD);
  const steps: CompiledStep[] = declaredSteps.map((step) => ({
    ...(form.steps ? { title: step.title } : {}),
    fields: step.fields.flatMap((f) => {
      const shaped = shapeField(f, form, context);
      if (!shaped) return [];
      const picker = shaped.type === 'appointment' && !asksLocation ? appointmentLocationField(context) : undefined;
      return picker ? [picker, shaped] : [shaped];
    }),
  }));
  const first = steps[0];
  if (first) {
    const named = new Set(steps.flatMap((s) => s.fields.map((f) => f.name)));
    const defaults: Record<string, FormValue> = {
      ...(context.car ? carDefaults(context.car) : {}),
      ...(form.subcategory ? { subcategory: form.subcategory } : {}),
    };
    // Car defaults go first so visible fields keep their order; a field the form asks wins.
    const extra = Object.entries(defaults)
      .filter(([key]) => !named.has(key))
      .map(([key, value]): CompiledField => ({
        name: key,
        type: 'hidden',
        label: key,
        required: false,
        width: 'full',
        value,
      }));
    first.fields = [...extra, ...first.fields];
  }
  const { category, subcategory } = leadCategory(form.category, form.subcategory);
  return {
    name,
    title: form.title,
    ...(form.intro !== undefined ? { intro: form.intro } : {}),
    eventId: formEvent(form, context.car),
    category,
    ...(subcategory !== undefined ? { subcategory } : {}),
    submitText: form.submitText ?? context.settings.submitText,
    successPath: form.successPath,
    ...(context.settings.disclaimerNotice !== undefined ? { disclaimerNotice: context.settings.disclaimerNotice } : {}),
    steps,
    schemas: steps.map((step) => stepSchema(step.fields, declared)),
  };
}
