'use client';

import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import { useHydrated } from '../../components/shopper/use-hydrated';
import { compareAtom, compareNewsAtom } from '../../components/shopper/compare-store';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import { buttonClass } from '../../components/ui/button';
import {
  COMPARE_LIMIT,
  compareNews,
  compareTable,
  NO_LONGER_AVAILABLE,
  removeFromCompare,
  type ComparableCar,
  type CompareEntry,
  type CompareOptions,
} from '../../domain/compare';
import { formatMoney } from '../../domain/format';
import styles from './CompareVehicles.module.css';

interface Loaded {
  cars: Map<number, ComparableCar>;
  missing: Set<number>;
}

const LOAD_FAILED = 'We could not load the cars just now. Please try again.';

/** Asks the site for the cars it does not know yet; what it knows stays shown meanwhile. */
function useComparedCars(ids: readonly number[], ready: boolean) {
  const [loaded, setLoaded] = useState<Loaded>({ cars: new Map(), missing: new Set() });
  // A failure belongs to the ids it was for: other ids are asked for afresh.
  const [failed, setFailed] = useState<{ key: string; message: string } | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const unknown = ids.filter((id) => !loaded.cars.has(id) && !loaded.missing.has(id));
  const key = unknown.join(',');
  const error = failed && failed.key === key ? failed.message : undefined;
  useEffect(() => {
    if (!ready || key === '') return;
    let current = true;
    fetch(`/api/compare?ids=${key}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as {
          cars?: ComparableCar[];
          missing?: number[];
          error?: string;
        };
        if (!current) return;
        if (!response.ok || !Array.isArray(body.cars)) {
          setFailed({ key, message: body.error ?? LOAD_FAILED });
          return;
        }
        const cars = body.cars;
        const missing = body.missing ?? [];
        setLoaded((before) => ({
          cars: new Map([...before.cars, ...cars.map((car): [number, ComparableCar] => [car.id, car])]),
          missing: new Set([...before.missing, ...missing]),
        }));
      })
      .catch((reason: unknown) => {
        console.error('Loading the cars to compare failed', reason);
        if (current) setFailed({ key, message: LOAD_FAILED });
      });
    return () => {
      current = false;
    };
  }, [key, ready, attempt]);
  const retry = useCallback(() => {
    setFailed(undefined);
    setAttempt((n) => n + 1);
  }, []);
  return { loaded, error, loading: ready && unknown.length > 0 && error === undefined, retry, waiting: unknown };
}

export interface CompareViewProps {
  site: string;
  heading: string;
  searchHref: string;
  options: CompareOptions;
}

export function CompareView({ site, heading, searchHref, options }: CompareViewProps) {
  const [list, setList] = useAtom(useMemo(() => compareAtom(site), [site]));
  const ready = useHydrated();
  const ids = useMemo(() => list.map((c) => c.id), [list]);
  const { loaded, error, loading, retry, waiting } = useComparedCars(ids, ready);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const headingId = useId();
  const captionId = useId();
  const setNews = useSetAtom(compareNewsAtom);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const remove = (car: CompareEntry) => {
    const left = removeFromCompare(list, car.id);
    setList((stored) => removeFromCompare(stored, car.id));
    setNews(compareNews(car.name, 'removed', left.length));
    // The column and its button are gone: focus returns to the page heading, not to the top.
    headingRef.current?.focus();
  };

  // The columns: every picked car, in the order picked; a car the site no longer lists keeps its column.
  const shownCars = list.filter((c) => loaded.cars.has(c.id));
  const table = compareTable(
    shownCars.map((c) => loaded.cars.get(c.id) as ComparableCar),
    options,
  );
  const columns = list
    .filter((c) => !waiting.includes(c.id))
    .map((entry) => ({ entry, index: shownCars.findIndex((c) => c.id === entry.id) }));
  const cell = (values: ReadonlyArray<string | undefined>, index: number) => (index < 0 ? undefined : values[index]);

  return (
    <section className={`container section ${styles.compare}`} aria-labelledby={headingId}>
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {!ready ? null : list.length === 0 ? (
        <p>
          You have not picked any cars to compare yet. <Link href={searchHref}>Search our stock</Link> and choose
          Compare on up to {COMPARE_LIMIT} cars.
        </p>
      ) : (
        <>
          {list.length === 1 ? (
            <p>
              Add another car to see them side by side: <Link href={searchHref}>search our stock</Link> and choose
              Compare.
            </p>
          ) : null}
          {error !== undefined ? (
            <div role="alert" className={styles.error}>
              <p>{error}</p>
              <button type="button" className={buttonClass('outline')} onClick={retry}>
                Try again
              </button>
            </div>
          ) : null}
          {loading ? (
            <p role="status" className={styles.loading}>
              Loading the cars…
            </p>
          ) : null}
          {columns.length > 0 ? (
            <>
              {columns.length > 1 ? (
                <label className={styles.only}>
                  <input
                    type="checkbox"
                    checked={onlyDifferences}
                    onChange={(event) => setOnlyDifferences(event.target.checked)}
                  />{' '}
                  Show only the differences
                </label>
              ) : null}
              {/* Focusable so keyboard users can scroll it sideways on a phone. */}
              <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
                <table className={`${styles.table} compare-table`}>
                  <caption id={captionId} className={styles.caption}>
                    {columns.length === 1 ? '1 car' : `${columns.length} cars`} side by side
                    {columns.length > 1 ? '; rows where they differ are marked Differs' : ''}
                  </caption>
                  <thead>
                    <tr>
                      <td className={styles.corner} />
                      {columns.map(({ entry, index }) => {
                        const car = index < 0 ? undefined : table.cars[index];
                        return (
                          <th key={entry.id} scope="col" className={styles.carHead}>
                            <VehiclePhoto
                              src={car?.image ?? entry.primary_image_url}
                              alt=""
                              width={600}
                              height={400}
                              sizes="(min-width: 1024px) 25vw, 60vw"
                            />
                            <span className={styles.carTitle}>
                              {car ? <Link href={`/cars/${car.slug}`}>{car.title}</Link> : entry.name}
                            </span>
                            {!car ? (
                              <span className={`${styles.note} compare-gone`}>{NO_LONGER_AVAILABLE}</span>
                            ) : !car.available ? (
                              <span className={styles.note}>Sold</span>
                            ) : null}
                            <button
                              type="button"
                              className={`${buttonClass('outline')} ${styles.remove}`}
                              onClick={() => remove(entry)}
                            >
                              Remove<span className="visually-hidden"> {entry.name} from compare</span>
                            </button>
                          </th>
                        );
                      })}
                    </tr>
                  </thead>
                  <tbody>
                    <tr className={table.price.differs ? styles.differs : undefined}>
                      <th scope="row">
                        Price
                        {table.price.differs ? <span className={styles.badge}>Differs</span> : null}
                      </th>
                      {columns.map(({ entry, index }) => {
                        const price = index < 0 ? undefined : table.price.values[index];
                        return (
                          <td key={entry.id} className="compare-price">
                            {!price ? (
                              <Missing />
                            ) : 'amount' in price ? (
                              <>
                                <strong>{formatMoney(price.amount, options.currency)}</strong>
                                {price.kind === 'subscription' ? <span> per week subscription</span> : null}
                                {price.priceType ? <span className={styles.priceType}> {price.priceType}</span> : null}
                                {price.wasPrice !== undefined ? (
                                  <span className={styles.priceType}>
                                    {' '}
                                    was <s>{formatMoney(price.wasPrice, options.currency)}</s>
                                  </span>
                                ) : null}
                              </>
                            ) : (
                              <strong>{price.text}</strong>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  </tbody>
                  {table.sections.map((section) => {
                    const rows = section.rows.filter((r) => !onlyDifferences || r.differs);
                    if (rows.length === 0) return null;
                    return (
                      <tbody key={section.heading}>
                        <tr className={styles.section}>
                          <th scope="colgroup" colSpan={columns.length + 1}>
                            {section.heading}
                          </th>
                        </tr>
                        {rows.map((row) => (
                          <tr key={row.key} className={row.differs ? styles.differs : undefined}>
                            <th scope="row">
                              {row.label}
                              {row.differs ? <span className={styles.badge}>Differs</span> : null}
                            </th>
                            {columns.map(({ entry, index }) => {
                              const value = cell(row.values, index);
                              return (
                                <td key={entry.id}>
                                  {value === undefined ? (
                                    <Missing />
                                  ) : section.heading === 'Features' ? (
                                    <>
                                      <span aria-hidden="true">✓</span>
                                      <span className="visually-hidden">Yes</span>
                                    </>
                                  ) : (
                                    value
                                  )}
                                </td>
                              );
                            })}
                          </tr>
                        ))}
                      </tbody>
                    );
                  })}
                </table>
              </div>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function Missing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not listed</span>
    </>
  );
}
