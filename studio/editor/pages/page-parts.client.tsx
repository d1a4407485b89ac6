'use client';
/**
 * Small parts of the Pages tab: a page's status note, issue lists, a block card's button and the
 * "Show when" input.
 */
import { useState } from 'react';
import styles from '../../components/studio.module.css';
import type { EditorIssue } from '../editor-types';
import css from './PagesEditor.module.css';
import { parseWhen, whenText, type PageStatus } from './pages-model';

export function StatusNote({ status }: { status: PageStatus }) {
  if (status === 'inherited')
    return (
      <p className={styles.notice}>
        This page comes from the site’s template. A change here makes this site’s own copy of it; the template and other
        sites are not changed.
      </p>
    );
  if (status === 'overridden')
    return (
      <p className={styles.notice}>
        This site has its own copy of the template’s page. “Reset to template” discards the copy.
      </p>
    );
  if (status === 'removed')
    return (
      <p className={styles.notice}>
        This template page is removed from this site: visitors get “page not found”. Restore it to show it again.
      </p>
    );
  return <p className={styles.notice}>This page exists on this site only.</p>;
}

export function FieldIssues({ id, issues }: { id: string; issues: readonly EditorIssue[] }) {
  if (!issues.length) return null;
  return (
    <ul id={id} className={css.fieldIssues}>
      {issues.map((issue, i) => (
        <li key={i}>{issue.message}</li>
      ))}
    </ul>
  );
}

export function IssueList({ issues, label }: { issues: readonly EditorIssue[]; label: string }) {
  return (
    <div className={styles.error}>
      <p className={css.issueLabel}>{label}</p>
      <ul className={css.issueItems}>
        {issues.map((issue, i) => (
          <li key={i}>{issue.message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A card's button. An unavailable move stays focusable (aria-disabled rather than disabled), so the
 * focus does not drop to the page when a block reaches the top or bottom; pressing it says why.
 */
export function CardButton({
  id,
  label,
  disabled,
  danger,
  onClick,
  children,
}: {
  id: string;
  label: string;
  disabled?: boolean;
  danger?: boolean;
  onClick(): void;
  children: string;
}) {
  return (
    <button
      type="button"
      id={id}
      className={`${css.cardButton} ${danger ? css.cardButtonDanger : ''}`}
      aria-label={label}
      aria-disabled={disabled ? true : undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * A block's `when` as text ("offers, !eofySale"). The text is kept as typed while it means the same
 * condition, so a comma or a space does not vanish under the cursor; a change from elsewhere (the
 * JSON tab, a reset) replaces it.
 */
export function WhenInput({
  id,
  value,
  issues,
  onChange,
}: {
  id: string;
  value: string | string[] | undefined;
  issues: readonly EditorIssue[];
  onChange(when: string | string[] | undefined): void;
}) {
  const [text, setText] = useState(() => whenText(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (JSON.stringify(parseWhen(text)) !== JSON.stringify(value)) setText(whenText(value));
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Show only when switch is on</label>
      <input
        id={id}
        type="text"
        spellCheck={false}
        autoCapitalize="off"
        value={text}
        aria-invalid={issues.length ? true : undefined}
        aria-describedby={`${id}-hint${issues.length ? ` ${id}-issues` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseWhen(event.target.value));
        }}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        The name of one of the site’s switches (Switches tab), e.g. offers. Start it with ! to show the block only while
        the switch is off; several names, separated by commas, must all hold. Empty: always shown.
      </p>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
