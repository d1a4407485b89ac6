'use client';

import { createContext, useContext, useEffect, useId, useRef, useState, useTransition, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { buildSearchUrl, type SearchState } from '../../domain/search-url';
import { formatKm, formatMoney, formatNumber } from '../../domain/format';
import { facetValueLabel } from '../../domain/facet-labels';
import { buttonClass, linkButtonClass } from '../../components/ui/button';
import controlStyles from '../../components/ui/control.module.css';
import styles from './SearchResults.module.css';

interface FacetOption {
  value: string;
  count: number;
}

export interface ClientFacetGroup {
  field: string;
  label: string;
  options: FacetOption[];
  popular?: FacetOption[];
  selected: string[];
  /** A line under the group's name, e.g. that ticked features must all be there. */
  hint?: string;
}

export interface ClientRangeGroup {
  field: 'price' | 'km' | 'year';
  label: string;
  min?: number;
  max?: number;
}

// spec: conversion §5.4 — the price range slider: 5,000 to 250,000, step 500, minimum below maximum.
export const PRICE_SLIDER = { min: 5_000, max: 250_000, step: 500 } as const;
const KM_SLIDER = { min: 0, max: 300_000, step: 5_000 } as const;

const SearchContext = createContext<{ pending: boolean; go: (state: SearchState) => void }>({
  pending: false,
  go: () => undefined,
});

/**
 * Holds the search page's navigation: every change becomes a new URL (the URL is the state), pushed
 * in a transition so the last results stay on screen, marked busy, until the new ones arrive.
 */
export function SearchProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (state: SearchState) => startTransition(() => router.push(buildSearchUrl(state)));
  return <SearchContext.Provider value={{ pending, go }}>{children}</SearchContext.Provider>;
}

/** The last value that arrived without a failure (catalogue §4: an error keeps the last good hits, facets and count). */
export function useLastGood<T>(value: T, failed: boolean): T | undefined {
  const [last, setLast] = useState<T | undefined>(failed ? undefined : value);
  // Remembering the previous render's value: React's documented "adjust state while rendering".
  if (!failed && last !== value) setLast(value);
  return failed ? last : value;
}

export const SEARCH_FAILED_TEXT = 'We could not update the results just now. Please try again in a moment.';

export function ResultsRegion({
  children,
  label,
  failed = false,
}: {
  children: ReactNode;
  label: string;
  failed?: boolean;
}) {
  const { pending } = useContext(SearchContext);
  const shown = useLastGood(children, failed);
  return (
    <section
      className={`${styles.results} search__results${pending ? ` ${styles.pending}` : ''}`}
      aria-busy={pending}
      aria-label={label}
    >
      <p className="visually-hidden" role="status">
        {pending ? 'Updating results' : ''}
      </p>
      {failed ? (
        <p className={`${styles.error} search__error`} role="alert">
          {SEARCH_FAILED_TEXT}
        </p>
      ) : null}
      {shown}
    </section>
  );
}

export function SortSelect({
  state,
  value,
  options,
}: {
  state: SearchState;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  const { go } = useContext(SearchContext);
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Sort by</label>
      <select
        className={controlStyles.control}
        id={id}
        value={value}
        onChange={(event) => go({ ...state, sortBy: event.target.value, page: 1 })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function toggle(state: SearchState, field: string, value: string, on: boolean): SearchState {
  const current = state.refinements[field] ?? [];
  const next = on ? [...current, value] : current.filter((v) => v.toLowerCase() !== value.toLowerCase());
  const refinements = { ...state.refinements, [field]: next };
  if (field === 'make' && !on) delete refinements.model;
  return { ...state, refinements, page: 1 };
}

function FacetCheckboxes({
  group,
  options,
  state,
}: {
  group: ClientFacetGroup;
  options: FacetOption[];
  state: SearchState;
}) {
  const { go } = useContext(SearchContext);
  // Ticks show at once; the group is re-created (keyed by its selection) when the new results arrive.
  const [picked, setPicked] = useState(group.selected);
  const selected = new Set(picked.map((s) => s.toLowerCase()));
  return (
    <ul className={styles.options} role="list">
      {options.map((option) => {
        const checked = selected.has(option.value.toLowerCase());
        return (
          <li key={option.value}>
            <label className={styles.option}>
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => {
                  const on = event.target.checked;
                  setPicked((current) =>
                    on
                      ? [...current, option.value]
                      : current.filter((v) => v.toLowerCase() !== option.value.toLowerCase()),
                  );
                  go(toggle(state, group.field, option.value, on));
                }}
              />
              <span>{facetValueLabel(group.field, option.value)}</span>
              <span className={styles.optionCount}>
                {option.count}
                <span className="visually-hidden"> {option.count === 1 ? 'result' : 'results'}</span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

function FacetGroupView({ group, state }: { group: ClientFacetGroup; state: SearchState }) {
  const [showAll, setShowAll] = useState(false);
  const popular = group.popular;
  const selectedOutsidePopular = popular
    ? group.selected.some((s) => !popular.some((p) => p.value.toLowerCase() === s.toLowerCase()))
    : false;
  const options = popular && !showAll && !selectedOutsidePopular ? popular : group.options;
  const id = useId();
  const hintId = group.hint ? `${id}-hint` : undefined;
  return (
    <fieldset className={styles.facet} aria-describedby={hintId}>
      <legend>{group.label}</legend>
      {group.hint ? (
        <p id={hintId} className={styles.hint}>
          {group.hint}
        </p>
      ) : null}
      <FacetCheckboxes group={group} options={options} state={state} />
      {popular && popular.length < group.options.length && !selectedOutsidePopular ? (
        <button type="button" className={linkButtonClass} aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show popular makes' : `Show all ${group.options.length} makes`}
        </button>
      ) : null}
    </fieldset>
  );
}

function RangeInput({
  label,
  bounds,
  value,
  format,
  onChange,
}: {
  label: string;
  bounds: { min: number; max: number; step: number };
  value: number;
  format: (n: number) => string;
  onChange: (value: number) => void;
}) {
  return (
    <label className={styles.range}>
      <span>{label}</span>
      <input
        type="range"
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  );
}

function RangeSlider({ group, state, currency }: { group: ClientRangeGroup; state: SearchState; currency: string }) {
  const { go } = useContext(SearchContext);
  const bounds = group.field === 'price' ? PRICE_SLIDER : KM_SLIDER;
  const [low, setLow] = useState(group.min ?? bounds.min);
  const [high, setHigh] = useState(group.max ?? bounds.max);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const format = (n: number) => (group.field === 'price' ? formatMoney(n, currency) : formatKm(n));
  const commit = (min: number, max: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const range = { ...(min > bounds.min ? { min } : {}), ...(max < bounds.max ? { max } : {}) };
      go({ ...state, ranges: { ...state.ranges, [group.field]: range }, page: 1 });
    }, 450);
  };
  return (
    <fieldset className={`${styles.facet} facet--range`}>
      <legend>{group.label}</legend>
      <p className={styles.rangeValues} aria-hidden="true">
        {format(low)} – {format(high)}
        {high === bounds.max ? '+' : ''}
      </p>
      <RangeInput
        label={`Minimum ${group.label.toLowerCase()}`}
        bounds={bounds}
        value={low}
        format={format}
        onChange={(v) => {
          const value = Math.min(v, high - bounds.step);
          setLow(value);
          commit(value, high);
        }}
      />
      <RangeInput
        label={`Maximum ${group.label.toLowerCase()}`}
        bounds={bounds}
        value={high}
        format={format}
        onChange={(v) => {
          const value = Math.max(v, low + bounds.step);
          setHigh(value);
          commit(low, value);
        }}
      />
    </fieldset>
  );
}

/** The filter panel: on small screens it opens over the results and closes with 'Show Me N cars'. */
export function SearchFilters(props: {
  state: SearchState;
  facets: ClientFacetGroup[];
  ranges: ClientRangeGroup[];
  count: number;
  noun: string;
  /** Where 'Clear all filters' goes. */
  clearAllHref: string;
  /** The site's currency (tenant.locale.currency), for the price slider. */
  currency: string;
  failed?: boolean;
}) {
  const { state, facets, ranges, count, noun, clearAllHref } = useLastGood(props, props.failed === true) ?? props;
  const { currency } = props;
  const [open, setOpen] = useState(false);
  const { go } = useContext(SearchContext);
  const panelId = useId();
  const [text, setText] = useState(state.query);
  const hasRefinements =
    Object.values(state.refinements).some((v) => v.length) ||
    Object.keys(state.ranges).length > 0 ||
    state.query !== '';
  return (
    <div className="search__filters">
      <button
        type="button"
        className={`${buttonClass('secondary')} ${styles.filtersToggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Filters
      </button>
      <div id={panelId} className={`${styles.panel}${open ? ` ${styles.open}` : ''}`}>
        <form
          role="search"
          className={styles.text}
          onSubmit={(event) => {
            event.preventDefault();
            go({ ...state, query: text.trim(), page: 1 });
          }}
        >
          <label htmlFor={`${panelId}-q`}>Keywords</label>
          <div className={styles.textRow}>
            <input
              className={controlStyles.control}
              id={`${panelId}-q`}
              type="search"
              value={text}
              placeholder="e.g. Ranger XLT"
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className={buttonClass('primary')}>
              Search
            </button>
          </div>
        </form>
        {hasRefinements ? (
          <a className={linkButtonClass} href={clearAllHref}>
            Clear all filters
          </a>
        ) : null}
        {facets.map((group) => (
          <FacetGroupView key={`${group.field}:${group.selected.join('|')}`} group={group} state={state} />
        ))}
        {ranges.map((group) => (
          <RangeSlider
            key={`${group.field}:${group.min ?? ''}:${group.max ?? ''}`}
            group={group}
            state={state}
            currency={currency}
          />
        ))}
        <button type="button" className={`${buttonClass('primary')} ${styles.show}`} onClick={() => setOpen(false)}>
          Show Me {formatNumber(count)} {noun}
        </button>
      </div>
    </div>
  );
}
