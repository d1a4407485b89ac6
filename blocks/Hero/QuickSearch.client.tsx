'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_SEARCH_PATH } from '../../domain/search-url';
import {
  QUICK_SEARCH_PARAMS,
  quickSearchState,
  quickSearchUrl,
  showMeLabel,
  type QuickSearchField,
} from '../../domain/quick-search';
import { buttonClass } from '../../components/ui/button';
import controlStyles from '../../components/ui/control.module.css';
import styles from './Hero.module.css';

interface Option {
  value: string;
  label: string;
}

export interface QuickSearchChoice {
  field: QuickSearchField;
  label: string;
  /** The empty option's text, e.g. 'Any make'. */
  any: string;
  options: Option[];
  /** Models, grouped by make. */
  groups?: Array<{ make: string; options: Option[] }>;
}

/** Waits this long after the last change before asking for the count. */
export const COUNT_DEBOUNCE_MS = 300;

type Values = Partial<Record<QuickSearchField, string>>;

/** The count endpoint's query string: the search page's own parameters for the choices. */
export function countQuery(values: Values): string {
  const params = new URLSearchParams();
  const state = quickSearchState(values);
  for (const [field, param] of Object.entries(QUICK_SEARCH_PARAMS) as Array<[QuickSearchField, string]>) {
    const value = values[field]?.trim();
    if (value && (field !== 'model' || state.refinements.model)) params.set(param, value);
  }
  return params.toString();
}

/**
 * Without script this is a plain GET form to the search page, its button showing the count for
 * the empty form. With script, each change asks /api/search/count (debounced, stale answers
 * dropped) and submitting goes to the canonical search URL (conversion §2.2).
 */
export function QuickSearchForm({
  choices,
  initialCount,
  vehicleWord,
}: {
  choices: QuickSearchChoice[];
  initialCount: number;
  vehicleWord: string;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>({});
  const [count, setCount] = useState(initialCount);
  const [announce, setAnnounce] = useState('');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/count?${countQuery(values)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ count?: unknown }>) : undefined))
        .then((body) => {
          if (typeof body?.count !== 'number') return;
          setCount(body.count);
          setAnnounce(showMeLabel(body.count, vehicleWord));
        })
        // The last count stays; the button still goes to the search page.
        .catch(() => undefined);
    }, COUNT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [values, vehicleWord]);

  const set = (field: QuickSearchField, value: string) =>
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'make') delete next.model;
      return next;
    });

  return (
    <form
      role="search"
      aria-label="Quick search"
      className={styles.quickSearch}
      method="get"
      action={DEFAULT_SEARCH_PATH}
      onSubmit={(event) => {
        event.preventDefault();
        window.location.assign(quickSearchUrl(values));
      }}
    >
      {choices.map((choice) => {
        const groups =
          choice.groups && values.make
            ? choice.groups.filter((g) => g.make.toLowerCase() === values.make?.toLowerCase())
            : choice.groups;
        return (
          <div key={choice.field} className={styles.quickField}>
            <label htmlFor={`${id}-${choice.field}`}>{choice.label}</label>
            <select
              id={`${id}-${choice.field}`}
              className={controlStyles.control}
              name={QUICK_SEARCH_PARAMS[choice.field]}
              value={values[choice.field] ?? ''}
              onChange={(event) => set(choice.field, event.target.value)}
            >
              <option value="">{choice.any}</option>
              {choice.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {groups?.map((group) => (
                <optgroup key={group.make} label={group.make}>
                  {group.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        );
      })}
      <button type="submit" className={`${buttonClass('accent')} ${styles.quickButton}`}>
        {showMeLabel(count, vehicleWord)}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </form>
  );
}
