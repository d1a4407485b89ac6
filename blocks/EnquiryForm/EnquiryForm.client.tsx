'use client';

import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import type { CompiledField, CompiledForm } from '../../domain/forms/compile-form';
import { CAREERS_CATEGORY, ERROR_SUMMARY_HEADING, SUBMIT_FAILED_MESSAGE } from '../../domain/forms/form-messages';
import { initialFormValues, normaliseFormValues } from '../../domain/forms/form-values';
import { HONEYPOT_FIELD } from '../../domain/forms/lead-envelope';
import { readLeadAnswer, type LeadAnswer } from '../../domain/forms/lead-answer';
import { track } from '../../components/shopper/analytics';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import {
  enquiredCarsAtom,
  successMarkerAtom,
  userDetailsAtom,
  withEnquiredCar,
  withUserDetails,
} from '../../components/shopper/user-details';
import { visitTrailAtom } from '../../components/shopper/visit-trail';
import { buttonClass } from '../../components/ui/button';
import formStyles from '../../components/ui/form.module.css';
import spinner from '../../components/ui/spinner.module.css';
import { AppointmentSelect } from './AppointmentSelect.client';

export interface EnquiryFormProps {
  site: string;
  form: CompiledForm;
  car?: { id: number; name: string; slug: string };
  locationId?: number;
  /** Called after success instead of nothing (a dialog closes itself). */
  onSuccess?: () => void;
  /** Level of the step headings of a multi-step form: one below the form's own heading. */
  stepHeadingLevel?: 2 | 3;
  /** Starting values from the page (the finance page's query string). */
  initialValues?: Readonly<Record<string, string>>;
  /** Where the form posts (default /api/leads; the reservation checkout posts to /api/reservations). */
  endpoint?: string;
}

type Status = 'idle' | 'submitting' | 'success' | 'error';

const RETRIES = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Posts once, retrying a lost connection or a server error with the same idempotency key, so a
 * shaky mobile connection neither loses the lead nor stores it twice.
 */
async function postLead(
  endpoint: string,
  body: unknown,
): Promise<{ status: number; answer: LeadAnswer | null } | { network: true }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as LeadAnswer | null;
      if (response.status >= 500 && attempt < RETRIES) {
        await sleep(800 * 2 ** attempt);
        continue;
      }
      return { status: response.status, answer };
    } catch {
      if (attempt >= RETRIES) return { network: true };
      await sleep(800 * 2 ** attempt);
    }
  }
}

function describedBy(id: string, field: CompiledField, invalid: boolean): string | undefined {
  const ids = [field.help ? `${id}-help` : '', invalid ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** What a test-drive time field needs from the rest of the form: the chosen location, and a change after a refused time. */
interface AppointmentState {
  location: string | undefined;
  refresh: unknown;
}

function FieldInput({
  id,
  field,
  register,
  error,
  appointment,
}: {
  id: string;
  field: CompiledField;
  register: UseFormRegister<FieldValues>;
  error?: string;
  appointment?: AppointmentState;
}) {
  const invalid = Boolean(error);
  const common = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy(id, field, invalid),
    ...register(field.name),
  };
  switch (field.type) {
    case 'textarea':
      return <textarea {...common} rows={5} maxLength={field.maxLength} placeholder={field.placeholder} />;
    case 'select':
      return (
        <select {...common}>
          <option value="">{field.placeholder ?? 'Please choose'}</option>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'checkbox':
      return <input {...common} type="checkbox" />;
    case 'appointment':
      return (
        <AppointmentSelect
          id={id}
          location={appointment?.location}
          refresh={appointment?.refresh}
          selectProps={common}
        />
      );
    default: {
      const type =
        { email: 'email', tel: 'tel', number: 'number', date: 'date', datetime: 'datetime-local' }[
          field.type as string
        ] ?? 'text';
      const inputMode = field.type === 'postcode' ? 'numeric' : undefined;
      return (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          maxLength={field.maxLength}
          min={field.min}
          max={field.max}
          step={field.step}
          placeholder={field.placeholder}
          autoComplete={field.autocomplete}
        />
      );
    }
  }
}

function Field({
  formId,
  field,
  register,
  errors,
  appointment,
}: {
  formId: string;
  field: CompiledField;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors;
  appointment?: AppointmentState;
}) {
  const id = `${formId}-${field.name}`;
  const error = errors[field.name]?.message;
  const message = typeof error === 'string' ? error : undefined;
  const className = `${formStyles.field}${field.width === 'half' ? ` ${formStyles.half}` : ''}${field.type === 'checkbox' ? ` ${formStyles.check}` : ''}${message ? ` ${formStyles.invalid}` : ''}`;
  const marker = field.required ? (
    <span className={formStyles.required} aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  const help = field.help ? (
    <p id={`${id}-help`} className={formStyles.help}>
      {field.help}
    </p>
  ) : null;
  const errorText = message ? (
    <p id={`${id}-error`} className={formStyles.error}>
      {message}
    </p>
  ) : null;
  if (field.type === 'checkboxes') {
    return (
      <fieldset className={className} id={id} tabIndex={-1} aria-describedby={message ? `${id}-error` : undefined}>
        <legend>
          {field.label}
          {marker}
        </legend>
        <ul className={formStyles.choices}>
          {field.options?.map((o) => (
            <li key={o.value}>
              <label>
                <input type="checkbox" value={o.value} {...register(field.name)} /> {o.label}
              </label>
            </li>
          ))}
        </ul>
        {errorText}
      </fieldset>
    );
  }
  if (field.type === 'checkbox') {
    return (
      <div className={className}>
        <FieldInput id={id} field={field} register={register} error={message} />
        <label htmlFor={id}>
          {field.label}
          {marker}
        </label>
        {help}
        {errorText}
      </div>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id}>
        {field.label}
        {marker}
      </label>
      <FieldInput id={id} field={field} register={register} error={message} appointment={appointment} />
      {help}
      {errorText}
    </div>
  );
}

/**
 * A tenant form in the browser: the compiled JSON Schema is checked by an interpreter that gives
 * ajv's errors and messages without generating code (domain/forms/form-schema-check.ts: pages allow
 * no 'unsafe-eval'), loaded on first check, so pages carry no validator until someone types; the
 * post goes to /api/leads, whose ajv check is the authority, and the states follow conversion §4.1.
 */
export function EnquiryFormClient({
  site,
  form,
  car,
  locationId,
  onSuccess,
  stepHeadingLevel = 3,
  initialValues,
  endpoint = '/api/leads',
}: EnquiryFormProps) {
  const StepHeading = stepHeadingLevel === 2 ? 'h2' : 'h3';
  const router = useRouter();
  const formId = `form-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [step, setStep] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const [formError, setFormError] = useState<string>();
  const [showSummary, setShowSummary] = useState(false);
  const leadId = useRef<number | undefined>(undefined);
  const key = useRef<string>('');
  const honeypot = useRef<HTMLInputElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const lastStep = form.steps.length - 1;
  const current = form.steps[step] ?? { fields: [] };
  const [savedDetails, setSavedDetails] = useAtom(userDetailsAtom(site));
  const setEnquiredCars = useSetAtom(enquiredCarsAtom(site));
  const setSuccessMarker = useSetAtom(successMarkerAtom(site));
  const trail = useAtomValue(visitTrailAtom);

  const resolver = useMemo<Resolver<FieldValues>>(
    () => async (values, _context, options) => {
      const [{ formSchemaErrors }, { toNestErrors }] = await Promise.all([
        import('../../domain/forms/form-schema-check'),
        import('@hookform/resolvers'),
      ]);
      const { values: normalised } = normaliseFormValues(form, values, step, step);
      let errors: FieldErrors;
      try {
        // What react-hook-form's ajv resolver gave: per field, the first error's message and keyword.
        errors = toNestErrors(formSchemaErrors(form.schemas[step] ?? {}, normalised), options);
      } catch {
        // A schema the browser cannot check (one ajv refuses too): the server's check answers instead.
        errors = {};
      }
      return Object.keys(errors).length ? { values: {}, errors } : { values: normalised, errors: {} };
    },
    [form, step],
  );
  // A form opened for one location (the locations list's Send Enquiry) posts that location as a hidden location_id.
  const lockedLocation =
    locationId !== undefined && form.steps.some((s) => s.fields.some((f) => f.name === 'location_id'));
  const { register, handleSubmit, formState, setError, getValues, setValue, control } = useForm<FieldValues>({
    resolver,
    defaultValues: {
      ...initialFormValues(form),
      ...initialValues,
      ...(lockedLocation ? { location_id: String(locationId) } : {}),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    // Stored user details fill what the shopper has not typed yet (conversion §3), once the browser has read them.
    for (const [name, value] of Object.entries(savedDetails)) {
      const known = form.steps.some((s) => s.fields.some((f) => f.name === name && f.type !== 'hidden'));
      if (known && value && !getValues(name)) setValue(name, value, { shouldDirty: false });
    }
  }, [form, savedDetails, getValues, setValue]);

  useEffect(() => {
    if (showSummary && Object.keys(formState.errors).length) summary.current?.focus();
  }, [showSummary, formState.submitCount, formState.errors]);

  const fail = (message: string) => {
    setFormError(message);
    setStatus('error');
  };

  const onValid = async (values: FieldValues) => {
    setShowSummary(false);
    setFormError(undefined);
    setStatus('submitting');
    if (!key.current) key.current = newKey();
    const result = await postLead(endpoint, {
      form: form.name,
      step,
      isLastStep: step === lastStep,
      ...(leadId.current ? { lead_id: leadId.current } : {}),
      idempotencyKey: key.current,
      userData: values,
      ...(car ? { car_id: car.id } : {}),
      ...(locationId !== undefined ? { location_id: locationId } : {}),
      page: { url: window.location.href, ...trail },
      [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
    });
    if ('network' in result)
      return fail(
        `${SUBMIT_FAILED_MESSAGE}. We could not reach the dealership: please check your connection and try again. Your details are still here.`,
      );
    const { answer } = result;
    const outcome = readLeadAnswer(result.status, answer);
    if (outcome.kind === 'accepted' && answer) {
      leadId.current = outcome.leadId;
      if (step < lastStep) {
        setStep(step + 1);
        setStatus('idle');
        requestAnimationFrame(() => stepHeading.current?.focus());
        return;
      }
      const sent = getValues();
      setSavedDetails((saved) => withUserDetails(saved, sent));
      if (car) setEnquiredCars((list) => withEnquiredCar(list, car, new Date()));
      const chosen = getValues('category');
      track(chosen === CAREERS_CATEGORY ? ANALYTICS_EVENTS.careersEnquiry : form.eventId, {
        form: form.name,
        lead_id: outcome.leadId,
        category: typeof chosen === 'string' && chosen ? chosen : form.category,
      });
      const name = getValues('name');
      setSuccessMarker({
        leadId: outcome.leadId,
        form: form.name,
        title: form.title,
        ...(typeof name === 'string' && name ? { name } : {}),
        ...(car ? { car: { name: car.name, slug: car.slug } } : {}),
        at: new Date().toISOString(),
      });
      setStatus('success');
      onSuccess?.();
      if (answer.redirect_url && /^https?:\/\//.test(answer.redirect_url)) window.location.assign(answer.redirect_url);
      else router.push(form.successPath);
      return;
    }
    if (outcome.kind === 'failed') {
      for (const e of outcome.fieldErrors) setError(e.field, { type: 'server', message: e.message });
      if (outcome.fieldErrors.length) setShowSummary(true);
      fail(outcome.message);
    }
  };

  const chosenLocation: unknown = useWatch({ control, name: 'location_id' });
  const appointment: AppointmentState = {
    location: typeof chosenLocation === 'string' ? chosenLocation : undefined,
    // A refused time (409 'That time was just booked') reloads the times, so it is no longer offered.
    refresh: formError,
  };

  const errorList = current.fields.flatMap((f) => {
    const message = formState.errors[f.name]?.message;
    return typeof message === 'string' ? [{ name: f.name, message }] : [];
  });
  const submitting = status === 'submitting' || status === 'success';
  const multiStep = form.steps.length > 1;

  return (
    <form
      className={formStyles.form}
      noValidate
      aria-describedby={form.disclaimerNotice ? `${formId}-notice` : undefined}
      onSubmit={(event) => void handleSubmit(onValid, () => setShowSummary(true))(event)}
    >
      {multiStep ? (
        <StepHeading className={formStyles.step} ref={stepHeading} tabIndex={-1}>
          Step {step + 1} of {form.steps.length}: {current.title}
        </StepHeading>
      ) : null}
      {showSummary && errorList.length ? (
        <div className={formStyles.errors} role="alert" tabIndex={-1} ref={summary}>
          <p className={formStyles.errorsHeading}>{ERROR_SUMMARY_HEADING}</p>
          <ul>
            {errorList.map((e) => (
              <li key={e.name}>
                <a href={`#${formId}-${e.name}`}>{e.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {status === 'error' && formError ? (
        <div className={`${formStyles.alert} ${formStyles.alertError}`} role="alert">
          <p className={formStyles.alertTitle}>{SUBMIT_FAILED_MESSAGE}</p>
          {formError === SUBMIT_FAILED_MESSAGE ? null : <p>{formError}</p>}
        </div>
      ) : null}
      <div className={formStyles.fields}>
        {current.fields
          .filter((f) => f.type !== 'hidden' && !(lockedLocation && f.name === 'location_id'))
          .map((f) => (
            <Field
              key={f.name}
              formId={formId}
              field={f}
              register={register}
              errors={formState.errors}
              {...(f.type === 'appointment' ? { appointment } : {})}
            />
          ))}
      </div>
      <div className={formStyles.trap} aria-hidden="true">
        <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${formId}-${HONEYPOT_FIELD}`}
          ref={honeypot}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {form.disclaimerNotice ? (
        <p id={`${formId}-notice`} className={formStyles.notice}>
          {form.disclaimerNotice}
        </p>
      ) : null}
      <div className={formStyles.actions}>
        {multiStep && step > 0 ? (
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={submitting}
            onClick={() => {
              setStep(step - 1);
              requestAnimationFrame(() => stepHeading.current?.focus());
            }}
          >
            Back
          </button>
        ) : null}
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          {submitting ? <span className={spinner.spinner} aria-hidden="true" /> : null}
          {submitting ? 'Sending…' : step < lastStep ? 'Next' : form.submitText}
        </button>
      </div>
    </form>
  );
}
