'use client';
/**
 * The live preview beside the editor (issue 16): the real site, rendered from the draft on the
 * site's own host through a signed, short-lived token (server/http/preview-routing.ts), at desktop
 * or phone width. Every save brings a new token, so the frame reloads with the saved draft.
 */
import { useId, useMemo, useState } from 'react';
import { previewablePaths } from './document-model';
import styles from './editor.module.css';

export interface PreviewPaneProps {
  siteName: string;
  /** The preview address's origin; null when this server has no preview addresses. */
  origin: string | null;
  token: string;
  path: string;
  /** Page routes of the site (routes with `:param` are left out of the page list). */
  paths: string[];
  onPath: (path: string) => void;
}

const WIDTHS = { desktop: 'Desktop', phone: 'Phone' } as const;
type Width = keyof typeof WIDTHS;

export function PreviewPane({ siteName, origin, token, path, paths, onPath }: PreviewPaneProps) {
  const id = useId();
  const [width, setWidth] = useState<Width>('desktop');
  const options = useMemo(() => previewablePaths([path, ...paths]), [path, paths]);
  if (!origin)
    return (
      <aside className={styles.preview} aria-label="Preview">
        <p>
          The preview is not switched on for this Studio yet, so changes can be seen only once they are published. Ask
          the platform team to set up preview addresses.
        </p>
      </aside>
    );
  // The home page is `/_preview/<token>` itself (Next redirects a trailing slash away).
  const src = `${origin}/_preview/${encodeURIComponent(token)}${path === '/' ? '' : path}`;
  return (
    <aside className={styles.preview} aria-labelledby={`${id}-heading`}>
      <div className={styles.previewBar}>
        <h2 id={`${id}-heading`} className={styles.previewHeading}>
          Preview (not public)
        </h2>
        <label htmlFor={`${id}-page`}>Page</label>
        <select id={`${id}-page`} value={path} onChange={(event) => onPath(event.target.value)}>
          {options.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <fieldset className={styles.widths}>
          <legend>Width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <label key={w}>
              <input type="radio" name={`${id}-width`} value={w} checked={width === w} onChange={() => setWidth(w)} />{' '}
              {WIDTHS[w]}
            </label>
          ))}
        </fieldset>
        <a href={src} target="_blank" rel="noreferrer">
          Open in a new tab
        </a>
      </div>
      <div className={styles.frameWrap}>
        <iframe
          key={width}
          title={`Preview of ${siteName}: ${path}`}
          src={src}
          className={width === 'phone' ? styles.framePhone : styles.frame}
          data-testid="studio-preview"
        />
      </div>
    </aside>
  );
}
