'use client';
/**
 * The Pages tab's "Add a page" form: a web address and a title, each checked before the page is added.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styles from '../../components/studio.module.css';
import css from './PagesEditor.module.css';

/* Adding a page. */

interface AddPageFormProps {
  baseId: string;
  /** Adds the page, or says what is wrong with which field. */
  add(route: string, title: string): { ok: true } | { ok: false; field: 'route' | 'title'; problem: string };
}

export function AddPageForm({ baseId, add }: AddPageFormProps) {
  const [open, setOpen] = useState(false);
  const [route, setRoute] = useState('/');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<{ field: 'route' | 'title'; text: string } | null>(null);
  const routeInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = `${baseId}-add-page`;

  useEffect(() => {
    if (open) routeInput.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    setProblem(null);
    toggle.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = add(route.trim(), title);
    if (result.ok) {
      setOpen(false);
      setRoute('/');
      setTitle('');
      setProblem(null);
      return;
    }
    setProblem({ field: result.field, text: result.problem });
    (result.field === 'route' ? routeInput : titleInput).current?.focus();
  }

  const routeProblemId = `${formId}-route-problem`;
  const titleProblemId = `${formId}-title-problem`;
  return (
    <div className={css.addPage}>
      <button
        ref={toggle}
        type="button"
        className={`${styles.button} ${styles.secondary}`}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Add page
      </button>
      {open ? (
        <form
          id={formId}
          className={`${styles.form} ${css.addPageForm}`}
          aria-label="New page"
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          noValidate
        >
          <div className={styles.field}>
            <label htmlFor={`${formId}-route`}>Address</label>
            <input
              ref={routeInput}
              id={`${formId}-route`}
              type="text"
              spellCheck={false}
              autoCapitalize="off"
              value={route}
              aria-invalid={problem?.field === 'route' ? true : undefined}
              aria-describedby={`${formId}-route-hint${problem?.field === 'route' ? ` ${routeProblemId}` : ''}`}
              onChange={(event) => setRoute(event.target.value)}
            />
            <p id={`${formId}-route-hint`} className={styles.hint}>
              Starts with /, e.g. /about-us. Use :name for a part that changes, e.g. /offers/:slug.
            </p>
            {problem?.field === 'route' ? (
              <p id={routeProblemId} className={css.fieldProblem}>
                {problem.text}
              </p>
            ) : null}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${formId}-title`}>Page title</label>
            <input
              ref={titleInput}
              id={`${formId}-title`}
              type="text"
              value={title}
              aria-invalid={problem?.field === 'title' ? true : undefined}
              aria-describedby={problem?.field === 'title' ? titleProblemId : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            {problem?.field === 'title' ? (
              <p id={titleProblemId} className={css.fieldProblem}>
                {problem.text}
              </p>
            ) : null}
          </div>
          <div className={css.pageActions}>
            <button type="submit" className={styles.button}>
              Create page
            </button>
            <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
