'use client';
/**
 * The Pages tab's block picker: the block types that can go where the block is added (issue 34: the
 * page's kind, or the header and footer), by group, with a filter, in a modal dialog; each with a
 * small sketch of how it looks (BlockSketch) and its one-line description.
 */
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import styles from '../../components/studio.module.css';
import type { BlockType } from '../editor-types';
import css from './PagesEditor.module.css';
import { BlockSketch } from './BlockSketch';

/** The picker's groups (a block schema's `x-category`), in the order a page is usually built. */
const CATEGORIES: readonly (readonly [string, string])[] = [
  ['content', 'Content'],
  ['layout', 'Layout'],
  ['search', 'Search'],
  ['vehicle', 'Vehicle page'],
  ['models', 'New models'],
  ['forms', 'Forms'],
  ['finance', 'Finance'],
  ['locations', 'Locations'],
  ['account', 'Shopper accounts'],
];
const categoryLabel = (category: string): string =>
  CATEGORIES.find(([id]) => id === category)?.[1] ?? category.charAt(0).toUpperCase() + category.slice(1);

/* The block type picker. */

interface BlockPickerProps {
  baseId: string;
  /** Where the chosen block goes, e.g. "after Hero banner (block 1)". */
  where: string;
  catalogue: readonly BlockType[];
  /** Why some block types are not offered here (issue 34: the page's kind cannot show them). */
  note?: string | undefined;
  onChoose(type: string): void;
  onClose(): void;
}

/**
 * A modal dialog listing every block type by group, with a filter. Focus starts in the filter,
 * Escape or "Cancel" closes it, and the editor puts the focus back (on the new block's card after a
 * choice, otherwise on the button that opened it).
 */
export function BlockPicker({ baseId, where, catalogue, note, onChoose, onClose }: BlockPickerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const filterInput = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    filterInput.current?.focus();
  }, []);

  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = catalogue.filter((t) => {
    const text = `${t.title} ${t.description} ${t.type} ${categoryLabel(t.category)}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const groups = [
    ...CATEGORIES.map(([id]) => id),
    ...[...new Set(matches.map((t) => t.category))].filter((c) => !CATEGORIES.some(([id]) => id === c)).sort(),
  ]
    .map((category) => ({ category, types: matches.filter((t) => t.category === category) }))
    .filter((g) => g.types.length);

  const headingId = `${baseId}-picker`;
  return (
    <dialog
      ref={dialog}
      className={css.picker}
      aria-labelledby={headingId}
      onCancel={(event) => {
        // Escape: React closes it, so the editor's state and the dialog agree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event: ReactMouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event: ReactKeyboardEvent<HTMLDialogElement>) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className={css.pickerInner}>
        <div className={css.pickerHead}>
          <h2 id={headingId} className={css.pickerHeading}>
            Add a block {where}
          </h2>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onClose}>
            Cancel
          </button>
        </div>
        {note ? <p className={styles.hint}>{note}</p> : null}
        <div className={styles.field}>
          <label htmlFor={`${headingId}-filter`}>Find a block type</label>
          <input
            ref={filterInput}
            id={`${headingId}-filter`}
            type="search"
            className={css.filter}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <p role="status" className={styles.hint}>
          {matches.length === catalogue.length
            ? `${catalogue.length} block types`
            : matches.length
              ? `${matches.length} of ${catalogue.length} block types match`
              : `No block type matches “${filter.trim()}”`}
        </p>
        <div className={css.pickerGroups}>
          {groups.map(({ category, types }) => (
            <section key={category} aria-labelledby={`${headingId}-${category}`}>
              <h3 id={`${headingId}-${category}`} className={css.groupHeading}>
                {categoryLabel(category)}
              </h3>
              <ul className={css.typeList}>
                {types.map((t) => (
                  <li key={t.type}>
                    <button
                      type="button"
                      className={css.typeButton}
                      aria-labelledby={`${headingId}-${t.type}`}
                      aria-describedby={t.description ? `${headingId}-${t.type}-about` : undefined}
                      onClick={() => onChoose(t.type)}
                    >
                      <BlockSketch type={t.type} category={t.category} />
                      <span className={css.typeText}>
                        <span id={`${headingId}-${t.type}`} className={css.typeTitle}>
                          {t.title}
                        </span>
                        {t.description ? (
                          <span id={`${headingId}-${t.type}-about`} className={css.typeDescription}>
                            {t.description}
                          </span>
                        ) : null}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </dialog>
  );
}
