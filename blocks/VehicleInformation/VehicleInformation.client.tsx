'use client';

import { useId, useState } from 'react';

/** A list that shows its first `initial` rows, with a button for the rest (catalogue §4). */
export function ExpandableRows({ rows, initial, moreLabel, lessLabel, label }: { rows: Array<[string, string]>; initial: number; moreLabel: string; lessLabel: string; label: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = open ? rows : rows.slice(0, initial);
  return (
    <>
      <dl id={id} className="spec-list" aria-label={label}>
        {shown.map(([name, value]) => (
          <div key={name} className="spec-list__row">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {rows.length > initial ? (
        <button type="button" className="link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? lessLabel : moreLabel}
        </button>
      ) : null}
    </>
  );
}

export function ExpandableItems({ items, initial, moreLabel, lessLabel, label }: { items: string[]; initial: number; moreLabel: string; lessLabel: string; label: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = open ? items : items.slice(0, initial);
  return (
    <>
      <ul id={id} className="feature-list" aria-label={label}>
        {shown.map((item, i) => (
          <li key={`${item}-${i}`}>{item}</li>
        ))}
      </ul>
      {items.length > initial ? (
        <button type="button" className="link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? lessLabel : moreLabel}
        </button>
      ) : null}
    </>
  );
}
