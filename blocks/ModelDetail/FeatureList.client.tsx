'use client';

import { useId, useState } from 'react';
import { featureView } from '../../domain/models/variants';
import { linkButtonClass } from '../../components/ui/button';
import styles from './ModelDetail.module.css';

/** A variant's features: the first 8 with View more / View less (conversion §4.6). HTML is sanitised on the server. */
export function FeatureList({
  features,
  allFeatures,
  label,
}: {
  features: string[];
  allFeatures: boolean;
  label: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const view = featureView(features, expanded, allFeatures);
  return (
    <>
      <ul className={styles.variantFeatures} id={id} aria-label={label}>
        {view.shown.map((html, i) => (
          <li key={i} dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </ul>
      {view.toggle ? (
        <button
          type="button"
          className={linkButtonClass}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {view.toggle}
        </button>
      ) : null}
    </>
  );
}
