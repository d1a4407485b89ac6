'use client';

import { useId, useMemo, useRef, useState } from 'react';
import {
  ENQUIRE_FOR_FINANCE,
  normaliseInput,
  type CalculatorBounds,
  type CalculatorField,
  type CalculatorState,
  type FinanceFees,
} from '../../domain/finance/calculator';
import { collapseDisclaimer, type ComparisonRateRange } from '../../domain/finance/disclosure';
import { calculateForCar, type LenderQuote } from '../../domain/finance/lender-terms';
import { formatMoney } from '../../domain/format';
import { FREQUENCIES, FREQUENCY_LABELS, PER_PERIOD, type Frequency } from '../../domain/finance/repayment';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import type { CompiledForm } from '../../domain/forms/compile-form';
import { track } from '../../components/shopper/analytics';
import { FormDialog } from '../FormModalButton/FormDialog.client';
import { ComparisonWarning, RatePair } from './ComparisonDisclosure';
import { linkButtonClass } from '../../components/ui/button';
import controlStyles from '../../components/ui/control.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './FinanceCalculator.module.css';

export interface FinanceCalculatorProps {
  site: string;
  /** The site's currency (tenant.locale.currency). */
  currency: string;
  initial: CalculatorState;
  bounds: CalculatorBounds;
  fees: FinanceFees;
  /** The car's lender quote: its figures show while the inputs are the ones it was quoted on. */
  lender?: LenderQuote;
  /** The site's comparison-rate range (conversion §9), shown with the warning. */
  comparisonRange?: ComparisonRateRange;
  quickPicks: number[];
  lockInterest: boolean;
  hideFrequency: boolean;
  hideInterestAndResidual: boolean;
  disclaimer?: string;
  enquiry?: { form: CompiledForm; car?: { id: number; name: string; slug: string } };
  enquiryOnFirstUse: boolean;
}

interface SliderProps {
  id: string;
  label: string;
  field: CalculatorField;
  value: number;
  bounds: CalculatorBounds;
  format: (n: number) => string;
  onChange: (field: CalculatorField, value: number) => void;
  error?: string;
  readOnly?: boolean;
  suffix?: string;
}

function Slider({ id, label, field, value, bounds, format, onChange, error, readOnly, suffix }: SliderProps) {
  const { min, max, step } = bounds[field];
  const [text, setText] = useState<string>();
  return (
    <div className={`${styles.field}${error ? ` ${styles.invalid}` : ''}`}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <div className={styles.row}>
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={Math.min(max, Math.max(min, value))}
          aria-label={`${label} slider`}
          aria-valuetext={format(value)}
          disabled={readOnly}
          onChange={(e) => onChange(field, Number(e.target.value))}
        />
        <span className={styles.box}>
          <input
            className={controlStyles.control}
            id={`${id}-${field}`}
            type="text"
            inputMode="decimal"
            value={text ?? String(value)}
            readOnly={readOnly}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${field}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => {
              if (text === undefined) return;
              const typed = Number(text.replace(/[$,%\s]/g, ''));
              // Something that is not a number keeps the previous value rather than becoming 0.
              if (text.trim() !== '' && Number.isFinite(typed)) onChange(field, typed);
              else if (text.trim() === '') onChange(field, 0);
              setText(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
            }}
          />
          {suffix ? <span aria-hidden="true">{suffix}</span> : null}
        </span>
      </div>
      {error ? (
        <p id={`${id}-${field}-error`} className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** conversion §4.4 calculator: every change is recalculated at once; first use fires event 26. */
export function FinanceCalculatorClient(props: FinanceCalculatorProps) {
  const { bounds, fees, lender } = props;
  const money = (n: number, cents = false) => formatMoney(n, props.currency, { cents });
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [state, setState] = useState<CalculatorState>(props.initial);
  const [expanded, setExpanded] = useState(false);
  const [openSignal, setOpenSignal] = useState(0);
  const used = useRef(false);
  const result = useMemo(() => calculateForCar(state, fees, bounds, lender), [state, fees, bounds, lender]);

  const firstUse = () => {
    if (used.current) return;
    used.current = true;
    track(ANALYTICS_EVENTS.financeCalculatorUse, {});
    if (props.enquiryOnFirstUse && props.enquiry) setOpenSignal((n) => n + 1);
  };
  const change = (field: CalculatorField, value: number) => {
    firstUse();
    setState((s) => ({ ...s, [field]: normaliseInput(field, value, bounds) }));
  };
  const setFrequency = (frequency: Frequency) => {
    firstUse();
    setState((s) => ({ ...s, frequency }));
  };
  const disclaimer = props.disclaimer ? collapseDisclaimer(props.disclaimer, expanded) : undefined;

  return (
    <div className={`${styles.calc} calc`}>
      <div className={styles.inputs}>
        <Slider
          id={id}
          label="Purchase price"
          field="price"
          value={state.price}
          bounds={bounds}
          format={(n) => money(n)}
          onChange={change}
          suffix="$"
          {...(result.priceError ? { error: result.priceError } : {})}
        />
        {props.quickPicks.length ? (
          <div className={styles.picks} role="group" aria-label="Quick price picks">
            {props.quickPicks.map((p) => (
              <button
                key={p}
                type="button"
                className={styles.chip}
                aria-pressed={state.price === p}
                onClick={() => change('price', p)}
              >
                {money(p)}
              </button>
            ))}
          </div>
        ) : null}
        <Slider
          id={id}
          label="Deposit or trade-in"
          field="deposit"
          value={state.deposit}
          bounds={bounds}
          format={(n) => money(n)}
          onChange={change}
          suffix="$"
        />
        <Slider
          id={id}
          label="Loan term (years)"
          field="years"
          value={state.years}
          bounds={bounds}
          format={(n) => `${n} years`}
          onChange={change}
        />
        {props.hideInterestAndResidual ? null : (
          <>
            <Slider
              id={id}
              label="Interest rate (% p.a.)"
              field="interest"
              value={state.interest}
              bounds={bounds}
              format={(n) => `${n}% per year`}
              onChange={change}
              readOnly={props.lockInterest}
              suffix="%"
            />
            <Slider
              id={id}
              label="Final payment (balloon)"
              field="residual"
              value={state.residual}
              bounds={bounds}
              format={(n) => money(n)}
              onChange={change}
              suffix="$"
            />
          </>
        )}
        {props.hideFrequency ? null : (
          <fieldset className={styles.frequency}>
            <legend>Repayments</legend>
            {(Object.keys(FREQUENCIES) as Frequency[]).map((f) => (
              <label key={f}>
                <input
                  type="radio"
                  name={`${id}-frequency`}
                  value={f}
                  checked={state.frequency === f}
                  onChange={() => setFrequency(f)}
                />{' '}
                {FREQUENCY_LABELS[f]}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <div className={styles.result} aria-live="polite">
        {result.repayment !== undefined ? (
          <p className={styles.repayment}>
            <strong data-testid="calc-repayment">{money(result.repayment, true)}</strong> {PER_PERIOD[state.frequency]}
          </p>
        ) : (
          <p className={styles.repayment}>
            <strong data-testid="calc-repayment">{ENQUIRE_FOR_FINANCE}</strong>
          </p>
        )}
        <RatePair interestRate={state.interest} comparisonRate={result.comparisonRate} />
        <dl className={styles.summary}>
          <div>
            <dt>Amount financed</dt>
            <dd>{money(result.financed, true)}</dd>
          </div>
          <div>
            <dt>Total of repayments</dt>
            <dd data-testid="calc-total">{result.total !== undefined ? money(result.total, true) : ''}</dd>
          </div>
          {fees.establishment ? (
            <div>
              <dt>Establishment fee</dt>
              <dd>{money(fees.establishment, true)}</dd>
            </div>
          ) : null}
          {fees.securityRegistration ? (
            <div>
              <dt>Security registration</dt>
              <dd>{money(fees.securityRegistration, true)}</dd>
            </div>
          ) : null}
          {fees.dealerAgency ? (
            <div>
              <dt>Dealer agency fee</dt>
              <dd>{money(fees.dealerAgency, true)}</dd>
            </div>
          ) : null}
          {fees.monthlyAccount ? (
            <div>
              <dt>Account fee</dt>
              <dd>{money(fees.monthlyAccount, true)} a month</dd>
            </div>
          ) : null}
        </dl>
        {result.fromLender ? (
          <p className={styles.quoted} data-testid="calc-lender-quote">
            Repayment and total as quoted by the lender for this vehicle.
          </p>
        ) : null}
        <ComparisonWarning currency={props.currency} range={props.comparisonRange} />
        {props.enquiry ? (
          <FormDialog
            site={props.site}
            label="Request a Quote"
            style="primary"
            form={props.enquiry.form}
            {...(props.enquiry.car ? { car: props.enquiry.car } : {})}
            openSignal={openSignal}
          />
        ) : null}
        {disclaimer ? (
          <div className={styles.disclaimer}>
            <p>{disclaimer.text}</p>
            {disclaimer.truncated || expanded ? (
              <button
                type="button"
                className={linkButtonClass}
                aria-expanded={expanded}
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? 'Show Less' : 'Show More'}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
