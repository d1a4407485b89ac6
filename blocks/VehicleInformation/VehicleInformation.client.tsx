'use client';

import { useId, useState, type ReactNode } from 'react';
import styles from './VehicleInformation.module.css';
import { linkButtonClass } from '../../components/ui/button';

/** Shows the first `initial` entries with a button for the rest (catalogue §4: 4 key facts, 8 features, 4 specifications). */
function Expandable<T>({
  entries,
  initial,
  moreLabel,
  lessLabel,
  render,
}: {
  entries: T[];
  initial: number;
  moreLabel: string;
  lessLabel: string;
  render: (shown: T[], id: string) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      {render(open ? entries : entries.slice(0, initial), id)}
      {entries.length > initial ? (
        <button
          type="button"
          className={linkButtonClass}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? lessLabel : moreLabel}
        </button>
      ) : null}
    </>
  );
}

export function ExpandableRows({
  rows,
  label,
  ...labels
}: {
  rows: Array<[string, string]>;
  initial: number;
  moreLabel: string;
  lessLabel: string;
  label: string;
}) {
  return (
    <Expandable
      entries={rows}
      {...labels}
      render={(shown, id) => (
        <dl id={id} className={styles.specList} aria-label={label}>
          {shown.map(([name, value]) => (
            <div key={name} className={styles.specRow}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    />
  );
}

export function ExpandableItems({
  items,
  label,
  ...labels
}: {
  items: string[];
  initial: number;
  moreLabel: string;
  lessLabel: string;
  label: string;
}) {
  return (
    <Expandable
      entries={items}
      {...labels}
      render={(shown, id) => (
        <ul id={id} className={styles.featureList} aria-label={label}>
          {shown.map((item, i) => (
            <li key={`${item}-${i}`}>{item}</li>
          ))}
        </ul>
      )}
    />
  );
}
