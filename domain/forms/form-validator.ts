import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import type { CompiledForm, FormValue, JsonSchema } from './compile-form';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * The options the react-hook-form ajv resolver uses in the browser (allErrors, ajv-errors,
 * ajv-formats), so the server reports exactly what the browser would.
 */
export function createFormAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, validateSchema: true });
  ajvErrors(ajv);
  addFormats(ajv);
  return ajv;
}

function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required')
    return String((error.params as { missingProperty?: unknown }).missingProperty ?? '');
  return error.instancePath.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
}

/** Errors in the form's field order, one per field (its first message). */
function toFieldErrors(form: CompiledForm, errors: readonly ErrorObject[]): FieldError[] {
  const byField = new Map<string, string>();
  for (const error of errors) {
    const inner =
      error.keyword === 'errorMessage' ? ((error.params as { errors?: ErrorObject[] }).errors ?? []) : [error];
    for (const original of inner) {
      const field = fieldOf(original);
      if (!byField.has(field)) byField.set(field, error.message ?? 'is not valid');
    }
  }
  const order = form.steps.flatMap((s) => s.fields.map((f) => f.name));
  return [...byField.entries()]
    .sort(([a], [b]) => (order.indexOf(a) + 1 || Infinity) - (order.indexOf(b) + 1 || Infinity))
    .map(([field, message]) => ({ field, message }));
}

/** Validates normalised values against a form's step schemas (every step up to `throughStep`). */
export class FormValidator {
  private readonly ajv = createFormAjv();
  private readonly compiled = new Map<string, ValidateFunction>();

  private validatorFor(schema: JsonSchema): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      // Schemas differ by context (dealership lists, car); keep the cache bounded.
      if (this.compiled.size > 500) this.compiled.clear();
      this.compiled.set(key, validate);
    }
    return validate;
  }

  validate(
    form: CompiledForm,
    values: Readonly<Record<string, FormValue>>,
    throughStep = form.steps.length - 1,
  ): FieldError[] {
    const errors: ErrorObject[] = [];
    form.schemas.slice(0, throughStep + 1).forEach((schema) => {
      const validate = this.validatorFor(schema);
      if (!validate(structuredClone(values))) errors.push(...(validate.errors ?? []));
    });
    return toFieldErrors(form, errors);
  }
}
