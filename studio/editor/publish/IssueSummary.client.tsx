'use client';
/**
 * The draft's problems to fix before publishing, each named in words with a button to its tab.
 */
import type { EditorIssue, JsonObject } from '../editor-types';
import { SECTIONS, type Section } from '../sections';
import { sectionOfIssue } from '../document-model';
import styles from '../editor.module.css';
import { fieldName } from '../../../domain/studio/change-story';

export function IssueSummary({
  issues,
  document,
  onShow,
}: {
  issues: EditorIssue[];
  document: JsonObject;
  onShow: (section: Section) => void;
}) {
  if (!issues.length) return null;
  return (
    <section className={styles.issues} aria-labelledby="issues-heading">
      <h2 id="issues-heading">
        {issues.length === 1 ? '1 problem' : `${issues.length} problems`} to fix before publishing
      </h2>
      <ul>
        {issues.map((issue, index) => {
          const section = sectionOfIssue(issue);
          return (
            <li key={`${issue.pointer}-${index}`}>
              <span className={styles.issueWhere}>{fieldName(document, issue.pointer, { sections: SECTIONS })}</span>:{' '}
              {issue.message}
              {section ? (
                <>
                  {' '}
                  <button type="button" className={styles.linkButton} onClick={() => onShow(section)}>
                    Go to {section.label}
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
