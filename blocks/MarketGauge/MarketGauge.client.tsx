'use client';

import { useEffect, useId, useState } from 'react';
import {
  AUTO_GAUGE_FAILED,
  GAUGE_ANIMATION_MS,
  PRICE_COUNT_MS,
  fillBand,
  readAutoGauge,
  shownDealLabel,
  type AutoGaugeResponse,
} from '../../domain/auto-gauge';
import { formatMoney } from '../../domain/format';
import { marketPosition } from '../../domain/market-position';
import { useTween } from '../../components/shopper/use-tween';
import styles from './MarketGauge.module.css';

type Load = { state: 'loading' } | { state: 'hidden' } | { state: 'shown'; gauge: AutoGaugeResponse };

/** Loads the gauge after the page (catalogue §7) so market data never delays the vehicle page. */
export function MarketGaugePanel({ slug, heading, currency }: { slug: string; heading: string; currency: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/cars/${encodeURIComponent(slug)}/autogauge`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`autogauge answered ${response.status}`);
        const gauge = readAutoGauge(await response.json()); // throws 'No data returned' on an empty answer (§8)
        setLoad(gauge ? { state: 'shown', gauge } : { state: 'hidden' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(AUTO_GAUGE_FAILED, error); // spec: catalogue §8 — log and show nothing
        setLoad({ state: 'hidden' });
      });
    return () => controller.abort();
  }, [slug]);

  if (load.state === 'hidden') return null;
  if (load.state === 'loading')
    return (
      <div className={`${styles.gauge} market-gauge--loading`} aria-busy="true">
        <span className="visually-hidden">Loading the market price comparison</span>
        <div className={styles.skeleton} aria-hidden="true" style={{ minHeight: 180 }} />
      </div>
    );
  return <Gauge gauge={load.gauge} heading={heading} currency={currency} />;
}

// Semicircle centred at (100, 100): fill 0 at the left end, 1 at the right end.
const ARC = 'M 20 100 A 80 80 0 0 1 180 100';
const BAND_COLOUR = { low: '#b45309', medium: '#1d4ed8', high: '#15803d' } as const;

/** The loaded gauge; exported for its unit test. */
export function Gauge({ gauge, heading, currency }: { gauge: AutoGaugeResponse; heading: string; currency: string }) {
  const headingId = useId();
  // spec: catalogue §9 — 2.5 s for the gauge, 2 s for the price count; instant for reduced motion.
  const progress = useTween(gauge.fill, GAUGE_ANIMATION_MS);
  const price = useTween(gauge.listing_price, PRICE_COUNT_MS);
  const needleX = 100 - 68 * Math.cos(Math.PI * progress);
  const needleY = 100 - 68 * Math.sin(Math.PI * progress);

  // The fill band (catalogue §9) only colours the arc; shoppers read the price against the market in money.
  const band = fillBand(gauge.fill);
  const position = marketPosition(
    {
      price: gauge.listing_price,
      rangeMin: gauge.market_range_min,
      rangeMax: gauge.market_range_max,
      average: gauge.market_average,
    },
    currency,
  );
  const label = shownDealLabel(gauge.fill, position.kind);
  const listing = formatMoney(gauge.listing_price, currency);
  const description = gauge.description.trim();
  return (
    <section className={`${styles.gauge} market-gauge--${band}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <svg
        viewBox="0 0 200 110"
        width="240"
        role="img"
        aria-label={`${label ? `${label}: ` : ''}${position.sentence}. Listing price ${listing}. ${position.range}.`}
      >
        <path d={ARC} fill="none" stroke="#d8dde3" strokeWidth="14" />
        <path
          d={ARC}
          fill="none"
          stroke={BAND_COLOUR[band]}
          strokeWidth="14"
          pathLength={1}
          strokeDasharray={`${progress} 1`}
        />
        <line x1="100" y1="100" x2={needleX} y2={needleY} stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <circle cx="100" cy="100" r="6" fill="currentColor" />
      </svg>
      {label ? (
        <p className={`${styles.deal} market-gauge__deal`}>
          <strong>{label}</strong>
        </p>
      ) : null}
      <p className={`${styles.position} market-gauge__position`}>{position.sentence}</p>
      <p className={styles.price}>
        Listing price <strong aria-hidden="true">{formatMoney(Math.round(price), currency)}</strong>
        <span className="visually-hidden">{listing}</span>
      </p>
      <p className={styles.range}>{position.range}</p>
      {description && description !== position.sentence ? <p className={styles.description}>{description}</p> : null}
    </section>
  );
}
