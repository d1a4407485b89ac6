'use client';

import { useId, useState } from 'react';
import { linkButtonClass } from '../../components/ui/button';
import styles from './DealerComments.module.css';

/** Short text with a toggle to the full (already sanitised) HTML. */
export function ExpandableComments({ short, fullHtml }: { short: string; fullHtml: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div id={id} className={`${styles.text} dealer-comments__text`}>
        {open ? <div dangerouslySetInnerHTML={{ __html: fullHtml }} /> : <p>{short}</p>}
      </div>
      <button
        type="button"
        className={linkButtonClass}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Show less' : 'Show more'}
      </button>
    </>
  );
}
