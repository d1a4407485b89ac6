'use client';
/**
 * The live preview beside the editor (issues 16 and 32): the real site, rendered from the draft on
 * the site's own host through a signed, short-lived token (server/http/preview-routing.ts). Every
 * save brings a new token, so the frame reloads with the saved draft; while the draft is incomplete
 * the token shows its last complete state, and a note says so.
 *
 * Widths are real: the page is laid out at 1440 px (Desktop), 768 px (Tablet) or 390 px (Phone) and
 * scaled down to fit the pane, so what an editor sees is what a shopper's screen of that width shows.
 *
 * The History tab can put an earlier version in the frame instead (issue 32: look at it before
 * restoring it). The pane asks for that version's token itself, so "Preview as of" and the token's
 * renewal work for it as for the draft, and says plainly that the frame is not the draft.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { previewablePaths } from '../document-model';
import type { BlockPlace } from '../../../domain/studio/preview-messages';
import { usePreviewBridge, type EditedBlock } from './use-preview-bridge';
import type { PreviewedVersion, PreviewShowing } from '../editor-data';
import styles from '../editor.module.css';

export interface PreviewPaneProps {
  /** The site's slug: the pane asks the Studio for a token of `version`. */
  slug: string;
  siteName: string;
  /** The preview address's origin; null when this server has no preview addresses. */
  origin: string | null;
  token: string;
  /** What the token shows: the draft, its last complete state, or what the site serves now. */
  showing: PreviewShowing;
  /** "Preview as of": the moment (ISO) the preview renders the site at, or null for now. */
  at: string | null;
  onAt: (at: string | null) => void;
  path: string;
  /** Page routes of the site (routes with `:param` are left out of the page list). */
  paths: string[];
  onPath: (path: string) => void;
  /**
   * The block being edited (issues 32 and 33): outlined in the preview, and scrolled to when the
   * editor chose it; null for none.
   */
  selected?: EditedBlock | null;
  /** Point and edit (issue 33): a block was clicked in the preview. */
  onSelectBlock?: (place: BlockPlace) => void;
  /** Point and edit: "Add block here" was chosen in the preview, for position `at` of the page. */
  onAddBlock?: (place: { route: string; at: number }) => void;
  /** An earlier version to show instead of the draft (History tab), or null for the draft. */
  version: PreviewedVersion | null;
  /** "Back to my draft": the frame shows the draft again. */
  onBackToDraft: () => void;
  /** The header check's warning (HeaderFitCheck.client.tsx), shown above the frame. */
  headerFit?: ReactNode;
}

/** The screen widths the preview lays the page out at, in CSS pixels. */
export const PREVIEW_WIDTHS = {
  desktop: { label: 'Desktop', px: 1440 },
  tablet: { label: 'Tablet', px: 768 },
  phone: { label: 'Phone', px: 390 },
} as const;
type Width = keyof typeof PREVIEW_WIDTHS;

const NOTES: Record<PreviewShowing, string | null> = {
  draft: null,
  'last-complete':
    'Showing your last complete change. Finish the fields marked in the editor to see the newest one here.',
  published: 'Showing the site as it is now. Your changes show here once they are saved and complete.',
  version: 'Showing an earlier version, not your draft.',
};

/** A fresh token for the shown version well before the last one expires (15 minutes), as for the draft. */
const VERSION_REFRESH_MS = 10 * 60 * 1000;

/** A version's preview token, or the sentence saying why there is none. */
type VersionGrant = { token: string } | { error: string };

async function versionGrant(
  slug: string,
  versionId: number,
  at: string | null,
  signal: AbortSignal,
): Promise<VersionGrant> {
  const query = new URLSearchParams({ version: String(versionId), ...(at ? { at } : {}) });
  let response: Response;
  try {
    response = await fetch(`/api/studio/sites/${encodeURIComponent(slug)}/preview-token?${query.toString()}`, {
      cache: 'no-store',
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { error: 'The Studio could not be reached. Check your connection and try again.' };
  }
  const body = (await response.json().catch(() => undefined)) as
    { preview?: { token?: unknown }; message?: unknown } | undefined;
  if (response.ok && typeof body?.preview?.token === 'string') return { token: body.preview.token };
  return {
    error:
      typeof body?.message === 'string' && body.message
        ? body.message
        : `The Studio answered with an error (${response.status}). Please try again in a moment.`,
  };
}

/** A moment as the value of a `datetime-local` input, in this computer's time zone. */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** How far the page is scaled down to fit a pane `paneWidth` wide (never enlarged). */
export function previewScale(paneWidth: number, pageWidth: number): number {
  if (!(paneWidth > 0)) return 1;
  return Math.min(1, paneWidth / pageWidth);
}

export function PreviewPane(props: PreviewPaneProps) {
  const { slug, siteName, origin, token, showing, at, onAt, path, paths, onPath, selected, version, onBackToDraft } =
    props;
  const { headerFit, onSelectBlock, onAddBlock } = props;
  const id = useId();
  // The token of the version the History tab shows, for the (version, moment) it was asked for.
  const versionId = version?.id;
  const versionKey = versionId === undefined ? undefined : `${versionId}\n${at ?? ''}`;
  const [grant, setGrant] = useState<{ key: string; grant: VersionGrant } | undefined>();
  useEffect(() => {
    if (versionId === undefined) return;
    const key = `${versionId}\n${at ?? ''}`;
    const controller = new AbortController();
    const load = () =>
      versionGrant(slug, versionId, at, controller.signal)
        .then((next) => {
          if (!controller.signal.aborted) setGrant({ key, grant: next });
        })
        .catch(() => undefined); // aborted: the version or the moment changed
    void load();
    const timer = setInterval(() => void load(), VERSION_REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
      // A token kept from before would be shown on the way back to this version, expired perhaps.
      setGrant(undefined);
    };
  }, [slug, versionId, at]);
  const asked = versionKey !== undefined && grant?.key === versionKey ? grant.grant : undefined;
  const versionToken = asked && 'token' in asked ? asked.token : undefined;
  const versionError = asked && 'error' in asked ? asked.error : undefined;
  const [width, setWidth] = useState<Width>('desktop');
  const options = useMemo(() => previewablePaths([path, ...paths]), [path, paths]);
  const wrap = useRef<HTMLDivElement>(null);
  const [pane, setPane] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = wrap.current;
    if (!element) return;
    const measure = () => setPane({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [origin]);
  // Point and edit (issue 33): clicks in the preview select blocks, unless switched off to use the page.
  const [pick, setPick] = useState(true);
  const frame = useRef<HTMLIFrameElement>(null);
  const noop = useCallback(() => undefined, []);
  usePreviewBridge({
    frame,
    origin,
    token: versionToken ?? token,
    editable: !version,
    pick,
    selected: selected ?? null,
    scale: previewScale(pane.width, PREVIEW_WIDTHS[width].px),
    onSelect: onSelectBlock ?? noop,
    onAdd: onAddBlock ?? noop,
  });
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
  // Until the version's token arrives (or when it cannot), the frame keeps the draft, and the note says so.
  const shownToken = versionToken ?? token;
  // The frame and the editor talk by messages (use-preview-bridge.ts): the block being edited is
  // outlined and scrolled to by the page itself, so the address stays the same while it changes.
  const src = `${origin}/_preview/${encodeURIComponent(shownToken)}${path === '/' ? '' : path}`;
  const page = PREVIEW_WIDTHS[width];
  const scale = previewScale(pane.width, page.px);
  const note = version ? null : NOTES[showing];
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
          <legend>Screen</legend>
          {(Object.keys(PREVIEW_WIDTHS) as Width[]).map((w) => (
            <label key={w}>
              <input type="radio" name={`${id}-width`} value={w} checked={width === w} onChange={() => setWidth(w)} />{' '}
              {PREVIEW_WIDTHS[w].label}
            </label>
          ))}
        </fieldset>
        <label className={styles.pickSwitch}>
          <input
            type="checkbox"
            checked={pick}
            disabled={Boolean(version)}
            aria-describedby={`${id}-pick-help`}
            onChange={(event) => setPick(event.target.checked)}
          />{' '}
          Click a block to edit it
        </label>
        <span id={`${id}-pick-help`} className={styles.visuallyHidden}>
          {pick
            ? 'A click on the preview opens that block’s settings. Switch off to use the page’s links and buttons.'
            : 'The preview works as the shopper’s page. Switch on to open a block’s settings by clicking it.'}
        </span>
        <a href={src} target="_blank" rel="noreferrer">
          Open in a new tab
        </a>
        <div className={styles.previewAt}>
          <label htmlFor={`${id}-at`}>Preview as of</label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            value={at ? localInputValue(at) : ''}
            aria-describedby={`${id}-at-help`}
            onChange={(event) => {
              const value = event.target.value;
              const moment = value ? new Date(value) : undefined;
              onAt(moment && !Number.isNaN(moment.getTime()) ? moment.toISOString() : null);
            }}
          />
          {at ? (
            <button type="button" className={styles.previewNow} onClick={() => onAt(null)}>
              Back to now
            </button>
          ) : null}
          <span id={`${id}-at-help`} className={styles.previewScale}>
            {at
              ? 'Offers and promotions show as they will at that moment (your computer’s time).'
              : 'Empty: the site as it is now. Choose a date to see offers before they start.'}
          </span>
        </div>
      </div>
      <p className={styles.previewScale}>
        {page.label}, {page.px} px wide{scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}
      </p>
      {note ? (
        <p className={styles.previewNote} role="status">
          {note}
        </p>
      ) : null}
      {headerFit}
      {version ? (
        <p className={styles.previewNote}>
          <span role="status">
            {versionToken
              ? version.scheduledFor
                ? `Showing the publish scheduled for ${version.scheduledFor.replace(/ \(.*\)$/, '')}, not your draft.`
                : `Showing version ${version.id}, not your draft.`
              : versionError
                ? `Version ${version.id} cannot be shown: ${versionError} The preview shows your draft.`
                : `Loading version ${version.id}…`}
          </span>{' '}
          <button type="button" className={styles.previewNow} onClick={onBackToDraft}>
            Back to my draft
          </button>
        </p>
      ) : null}
      <div className={styles.frameWrap} ref={wrap}>
        <iframe
          key={width}
          ref={frame}
          title={`Preview of ${siteName}${versionToken && version ? ` (version ${version.id})` : ''}: ${path}`}
          src={src}
          className={styles.frame}
          style={{
            width: `${page.px}px`,
            height: pane.height ? `${Math.round(pane.height / scale)}px` : '100%',
            transform: scale < 1 ? `scale(${scale})` : undefined,
            marginInline: scale < 1 ? undefined : 'auto',
          }}
          data-testid="studio-preview"
        />
      </div>
    </aside>
  );
}
