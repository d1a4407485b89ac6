'use client';

import { useState } from 'react';
import { useRovingTabs } from '../../components/shopper/use-roving-tabs';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import {
  bodyLabel,
  bodyTypes,
  COLOUR_IMAGE_WIDTH,
  selectBody,
  selectColour,
  selectVariant,
  shownColours,
  stepColour,
  usesBodyTabs,
  variantColours,
  type PickerColour,
  type PickerState,
} from '../../domain/models/colour-picker';
import carousel from '../LocationsCarousel/LocationsCarousel.module.css';
import styles from './ColourPicker.module.css';

interface TabsProps {
  label: string;
  items: string[];
  selected: string;
  name: (item: string) => string;
  onSelect: (item: string) => void;
}

/** A tab list with the arrow, Home and End keys (one tab in the focus order). */
function Tabs({ label, items, selected, name, onSelect }: TabsProps) {
  const keys = useRovingTabs(items, onSelect);
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {items.map((item, i) => (
        <button
          key={item}
          ref={keys.ref(i)}
          type="button"
          role="tab"
          aria-selected={item === selected}
          tabIndex={item === selected ? 0 : -1}
          className={`${styles.tab}${item === selected ? ` ${styles.tabOn}` : ''}`}
          onClick={() => onSelect(item)}
          onKeyDown={(e) => keys.onKeyDown(e, i)}
        >
          {name(item)}
        </button>
      ))}
    </div>
  );
}

export function ColourPickerPanel({
  heading,
  modelName,
  variants,
  colours,
}: {
  heading: string;
  modelName: string;
  variants: string[];
  colours: PickerColour[];
}) {
  const [state, setState] = useState<PickerState>(() => selectVariant(colours, variants[0] ?? ''));
  const own = variantColours(colours, state.variant);
  const bodies = usesBodyTabs(own) ? bodyTypes(own) : [];
  const shown = shownColours(colours, state);
  const colour: PickerColour | undefined = shown[state.index] ?? shown[0];
  return (
    <section className="container section colour-picker" aria-labelledby="colour-picker-heading">
      <h2 id="colour-picker-heading">{heading}</h2>
      {variants.length > 1 ? (
        <Tabs
          label={`${modelName} variants`}
          items={variants}
          selected={state.variant}
          name={(v) => v}
          onSelect={(v) => setState(selectVariant(colours, v))}
        />
      ) : null}
      {bodies.length ? (
        <Tabs
          label="Body type"
          items={bodies}
          selected={state.body ?? bodies[0] ?? ''}
          name={bodyLabel}
          onSelect={(b) => setState((s) => selectBody(s, b))}
        />
      ) : null}
      {colour ? (
        <div className={styles.stage} role="tabpanel" aria-label={`${state.variant} colours`}>
          <button
            type="button"
            className={carousel.arrow}
            aria-label="Previous colour"
            onClick={() => setState((s) => stepColour(s, shown.length, -1))}
          >
            ‹
          </button>
          <figure className={styles.figure}>
            {/* Quality 75 (COLOUR_IMAGE_QUALITY) is every vehicle photo's; one on another host goes
                through the image route (issue 18). */}
            <VehiclePhoto
              key={colour.id}
              src={colour.photo_url}
              alt={`${state.variant} in ${colour.name}`}
              width={COLOUR_IMAGE_WIDTH}
              height={Math.round((COLOUR_IMAGE_WIDTH * 2) / 3)}
              sizes={`${COLOUR_IMAGE_WIDTH}px`}
            />
            <figcaption aria-live="polite">
              <span className={styles.swatch} style={{ background: colour.hexCode }} aria-hidden="true" />
              <span className="colour-picker__name">{colour.name}</span>
              <span className="visually-hidden">
                , colour {state.index + 1} of {shown.length}
              </span>
            </figcaption>
          </figure>
          <button
            type="button"
            className={carousel.arrow}
            aria-label="Next colour"
            onClick={() => setState((s) => stepColour(s, shown.length, 1))}
          >
            ›
          </button>
        </div>
      ) : null}
      <ul className={`${styles.swatches} colour-picker__swatches`} role="list" aria-label="All colours">
        {shown.map((c, i) => (
          <li key={c.id}>
            <button
              type="button"
              className={styles.swatchButton}
              aria-pressed={i === state.index}
              aria-label={c.name}
              title={c.name}
              onClick={() => setState((s) => selectColour(s, i))}
            >
              <span className={styles.swatch} style={{ background: c.hexCode }} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
