'use client';
/**
 * The editor's JSON tab (issue 16): the same document as the form tabs, as its stored text, for
 * power users. A change that parses goes to the editor like any form change (autosaved, checked,
 * previewed); text that does not parse is kept here with a message saying where, and the form
 * tabs keep the last valid document meanwhile. The server's issues are listed with line and column.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { EditorIssue, JsonObject } from './editor-types';
import { documentText, parseDocumentText } from './document-model';
import styles from './editor.module.css';

export interface JsonTabProps {
  document: JsonObject;
  issues: EditorIssue[];
  onChange: (document: JsonObject) => void;
  onProblem: (message: string | null) => void;
}

export function JsonTab({ document, issues, onChange, onProblem }: JsonTabProps) {
  const id = useId();
  const [text, setText] = useState(() => documentText(document));
  const [problem, setProblem] = useState<string | null>(null);
  const own = useRef(false);

  // A change made elsewhere (a restore, say) shows here, unless it came from this very text.
  useEffect(() => {
    if (own.current) {
      own.current = false;
      return;
    }
    setText(documentText(document));
    setProblem(null);
    onProblem(null);
  }, [document, onProblem]);

  // Leaving the tab with text that does not parse: the form tabs keep the last valid document.
  useEffect(() => () => onProblem(null), [onProblem]);

  const edit = (value: string) => {
    setText(value);
    const parsed = parseDocumentText(value);
    if (!parsed.ok) {
      setProblem(parsed.message);
      onProblem(parsed.message);
      return;
    }
    setProblem(null);
    onProblem(null);
    own.current = true;
    onChange(parsed.document);
  };

  return (
    <div className={styles.json}>
      <label htmlFor={`${id}-text`} className={styles.jsonLabel}>
        Tenant document (JSON)
      </label>
      <p id={`${id}-help`} className={styles.intro}>
        The whole site as one JSON document, exactly as `npm run tenants -- export` writes it. Changes here show in the
        other tabs and are checked the same way.
      </p>
      <textarea
        id={`${id}-text`}
        className={styles.jsonText}
        value={text}
        spellCheck={false}
        // Its own text undo (the browser's), not the editor's session undo (Editor.client.tsx).
        data-text-undo=""
        aria-describedby={`${id}-help${problem ? ` ${id}-problem` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => edit(event.target.value)}
        rows={30}
      />
      {problem ? (
        <p id={`${id}-problem`} className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      {issues.length ? (
        <ul className={styles.jsonIssues} aria-label="Problems in the document">
          {issues.map((issue, index) => (
            <li key={`${issue.pointer}-${index}`}>
              {issue.line !== undefined
                ? `Line ${issue.line}${issue.column !== undefined ? `, column ${issue.column}` : ''}`
                : 'Document'}
              {issue.pointer ? ` (${issue.pointer})` : ''}: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
