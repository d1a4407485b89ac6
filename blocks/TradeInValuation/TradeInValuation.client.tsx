'use client';

import { useAtom, useSetAtom } from 'jotai';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import { formatMoney } from '../../domain/format';
import { ERROR_SUMMARY_HEADING, POSTCODE_MESSAGE } from '../../domain/forms/form-messages';
import { track } from '../../components/shopper/analytics';
import { successMarkerAtom, userDetailsAtom, withUserDetails } from '../../components/shopper/user-details';
import { buttonClass } from '../../components/ui/button';
import formStyles from '../../components/ui/form.module.css';
import styles from './TradeInValuation.module.css';
import { saveValuation } from './save-valuation';

interface Question {
  id: string;
  question: string;
  answers: { id: string; label: string }[];
}

interface Offer {
  low: number;
  high: number;
  price: number;
  basis: string;
  lines: { question: string; answer: string; effect: number }[];
}

interface Answer {
  success?: boolean;
  lead_id?: number;
  estimate?: boolean;
  reason?: string;
  offer?: Offer | null;
  error?: string;
  field_errors?: { field: string; message: string }[];
}

type Stage = 'vehicle' | 'condition' | 'offer' | 'contact';
const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];

function Field({
  name,
  label,
  errors,
  children,
}: {
  name: string;
  label: string;
  errors: Record<string, string>;
  children: React.ReactNode;
}) {
  return (
    <div className={`${formStyles.field} ${formStyles.half}${errors[name] ? ` ${formStyles.invalid}` : ''}`}>
      <label htmlFor={`tradein-${name}`}>
        {label}
        <span className={formStyles.required} aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {children}
      {errors[name] ? (
        <p id={`tradein-${name}-error`} className={formStyles.error}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The steps of conversion §7 item 4, each posted to /api/trade-in (stored before it is answered);
 * the valuation is also saved with the lead through /api/miscellaneous (a failure is only logged, §8).
 */
export function TradeInFlow({
  site,
  currency,
  questions,
  defaultState,
  car,
}: {
  site: string;
  /** The site's currency (tenant.locale.currency), for the offer. */
  currency: string;
  questions: Question[];
  defaultState: string;
  car?: { id: number; name: string; slug: string };
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  // Read once the page has hydrated; the contact step that shows them comes later.
  const [saved, setSaved] = useAtom(userDetailsAtom(site));
  const setSuccessMarker = useSetAtom(successMarkerAtom(site));
  const router = useRouter();
  const [stage, setStage] = useState<Stage>('vehicle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<string>();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [accepted, setAccepted] = useState(false);
  const key = useRef<string>('');
  const leadId = useRef<number | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  const post = async (body: Record<string, unknown>): Promise<Answer | undefined> => {
    if (!key.current) key.current = crypto.randomUUID();
    setBusy(true);
    setFormError(undefined);
    try {
      const response = await fetch('/api/trade-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...body,
          idempotencyKey: key.current,
          url: window.location.href,
          ...(car ? { car_id: car.id } : {}),
        }),
      });
      const answer = (await response.json().catch(() => ({}))) as Answer;
      if (!answer.success) {
        setErrors(Object.fromEntries((answer.field_errors ?? []).map((e) => [e.field, e.message])));
        setFormError(answer.error ?? 'An unexpected error occured');
        return undefined;
      }
      setErrors({});
      if (answer.lead_id) leadId.current = answer.lead_id;
      return answer;
    } catch {
      setFormError('An error occurred when submitting this form. Please check your connection and try again.');
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const go = (next: Stage) => {
    setStage(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const values = (event: FormEvent<HTMLFormElement>) => Object.fromEntries(new FormData(event.currentTarget).entries());

  const submitVehicle = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await post({ step: 'vehicle', ...values(event) });
    if (!answer) return;
    if (answer.estimate) go('condition');
    else {
      setReason(answer.reason);
      go('contact');
    }
  };
  const submitCondition = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await post({ step: 'adjustments', answers: values(event) });
    if (!answer) return;
    setOffer(answer.offer ?? null);
    if (answer.offer) {
      // conversion §7 item 5: the valuation is saved with the lead; a failure is logged only (§8).
      void saveValuation({
        lead_id: leadId.current,
        idempotencyKey: key.current,
        column_name: 'valuation',
        value: answer.offer,
      });
      go('offer');
    } else {
      setReason(answer.reason);
      go('contact');
    }
  };
  const submitContact = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const contact = values(event);
    const answer = await post({
      step: 'accept',
      contact: { ...contact, lead_type: 'trade-in' },
      offer_accepted: accepted,
    });
    if (!answer?.lead_id) return;
    setSaved((stored) => withUserDetails(stored, contact));
    track(ANALYTICS_EVENTS.generalEnquiry, {
      form: 'trade-in-valuation',
      lead_id: answer.lead_id,
      offer_accepted: accepted,
    });
    setSuccessMarker({
      leadId: answer.lead_id,
      form: 'trade-in-valuation',
      title: accepted ? 'Trade-in offer acceptance' : 'Trade-in enquiry',
      ...(typeof contact.name === 'string' && contact.name ? { name: contact.name } : {}),
      ...(car ? { car: { name: car.name, slug: car.slug } } : {}),
      at: new Date().toISOString(),
    });
    router.push('/success');
  };

  const errorList = Object.entries(errors);
  const described = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `tradein-${name}-error` } : {};
  const titles: Record<Stage, string> = {
    vehicle: 'Step 1 of 4: Your car',
    condition: 'Step 2 of 4: Its condition',
    offer: 'Step 3 of 4: Your offer',
    contact: offer ? 'Step 4 of 4: Your details' : 'Your details',
  };

  return (
    <div className="trade-in__flow">
      <h2 className={formStyles.step} tabIndex={-1} ref={heading}>
        {titles[stage]}
      </h2>
      {errorList.length ? (
        <div className={formStyles.errors} role="alert">
          <p className={formStyles.errorsHeading}>{ERROR_SUMMARY_HEADING}</p>
          <ul>
            {errorList.map(([field, message]) => (
              <li key={field}>
                <a href={`#tradein-${field}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : formError ? (
        <div className={`${formStyles.alert} ${formStyles.alertError}`} role="alert">
          <p>{formError}</p>
        </div>
      ) : null}

      {stage === 'vehicle' ? (
        <form className={formStyles.form} noValidate onSubmit={(e) => void submitVehicle(e)}>
          <div className={formStyles.fields}>
            <Field name="rego" label="Rego" errors={errors}>
              <input
                id="tradein-rego"
                name="rego"
                maxLength={9}
                autoComplete="off"
                placeholder="Rego - Helps us better assist your enquiry"
                {...described('rego')}
              />
            </Field>
            <Field name="regoState" label="Rego state" errors={errors}>
              <select
                id="tradein-regoState"
                name="regoState"
                defaultValue={defaultState.toLowerCase()}
                {...described('regoState')}
              >
                {STATES.map((s) => (
                  <option key={s} value={s.toLowerCase()}>
                    {s}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="make" label="Make" errors={errors}>
              <input id="tradein-make" name="make" maxLength={40} {...described('make')} />
            </Field>
            <Field name="model" label="Model" errors={errors}>
              <input id="tradein-model" name="model" maxLength={40} {...described('model')} />
            </Field>
            <Field name="year" label="Year" errors={errors}>
              <input id="tradein-year" name="year" inputMode="numeric" maxLength={4} {...described('year')} />
            </Field>
            <Field name="odometer" label="Odometer (km)" errors={errors}>
              <input
                id="tradein-odometer"
                name="odometer"
                inputMode="numeric"
                maxLength={9}
                {...described('odometer')}
              />
            </Field>
          </div>
          <div className={formStyles.actions}>
            <button type="submit" className={buttonClass('primary')} disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Sending…' : 'Next'}
            </button>
          </div>
        </form>
      ) : null}

      {stage === 'condition' ? (
        <form className={formStyles.form} onSubmit={(e) => void submitCondition(e)}>
          {questions.map((q) => (
            <fieldset key={q.id} className={`${formStyles.field} ${styles.question}`}>
              <legend>{q.question}</legend>
              <div className={styles.answers}>
                {q.answers.map((a, i) => (
                  <label key={a.id}>
                    <input type="radio" name={q.id} value={a.id} defaultChecked={i === 0} /> {a.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <div className={formStyles.actions}>
            <button type="submit" className={buttonClass('primary')} disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Valuing…' : 'See my offer'}
            </button>
          </div>
        </form>
      ) : null}

      {stage === 'offer' && offer ? (
        <div className={`${styles.offer} trade-in__offer`}>
          <p className={styles.price}>
            Our offer: <strong data-testid="trade-in-offer">{money(offer.price)}</strong>
          </p>
          <p>
            Estimated trade-in range {money(offer.low)} to {money(offer.high)}, subject to an inspection of the car.
          </p>
          {offer.lines.some((l) => l.effect !== 0) ? (
            <ul className="trade-in__lines">
              {offer.lines
                .filter((l) => l.effect !== 0)
                .map((l) => (
                  <li key={l.question}>
                    {l.question} {l.answer}: {money(l.effect)}
                  </li>
                ))}
            </ul>
          ) : null}
          <details>
            <summary>How we worked this out</summary>
            <p>{offer.basis}</p>
          </details>
          <div className={formStyles.actions}>
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => {
                setAccepted(true);
                go('contact');
              }}
            >
              Accept this offer
            </button>
            <button
              type="button"
              className={buttonClass('outline')}
              onClick={() => {
                setAccepted(false);
                go('contact');
              }}
            >
              Talk to us first
            </button>
          </div>
        </div>
      ) : null}

      {stage === 'contact' ? (
        <form className={formStyles.form} noValidate onSubmit={(e) => void submitContact(e)}>
          {reason ? <p className={`${styles.reason} trade-in__reason`}>{reason}</p> : null}
          <div className={formStyles.fields}>
            {(
              [
                ['name', 'First name', 'given-name', 'text'],
                ['last_name', 'Last name', 'family-name', 'text'],
                ['postcode', 'Postcode', 'postal-code', 'text'],
                ['phone', 'Phone', 'tel', 'tel'],
                ['email', 'Email', 'email', 'email'],
              ] as const
            ).map(([name, label, autocomplete, type]) => (
              <Field key={name} name={name} label={label} errors={errors}>
                <input
                  id={`tradein-${name}`}
                  name={name}
                  type={type}
                  autoComplete={autocomplete}
                  defaultValue={saved[name] ?? ''}
                  {...(name === 'postcode'
                    ? { inputMode: 'numeric' as const, maxLength: 4, title: POSTCODE_MESSAGE }
                    : {})}
                  {...described(name)}
                />
              </Field>
            ))}
          </div>
          <div className={formStyles.actions}>
            <button type="submit" className={buttonClass('primary')} disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Sending…' : accepted ? 'Accept and send' : 'Send my details'}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
