'use client';
/**
 * The Tenant Studio's site editor (issue 16). The document is edited in tabs (rjsf forms cut from
 * the bundled schema, the Pages editor, a JSON tab), autosaved as a draft a moment after each
 * change, checked by the server with the checks and messages of `npm run validate`, and previewed
 * beside the form through a signed preview token. Publish is possible only while the saved draft
 * has no problems (the server refuses it anyway); a publish from a stale version shows the other
 * editor's changes and keeps this draft. History lists every version, with diffs and Restore.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useHydrated } from '../../components/shopper/use-hydrated';
import bundleJson from '../../schemas/studio.schema.json';
import type { EditorIssue, JsonObject, SchemaNode } from './editor-types';
import { plainIssues } from '../../domain/studio/plain-issues';
import { listsWithIds, withItemIds } from '../../domain/studio/item-ids';
import type { EditorData, PreviewShowing } from './editor-data';
import { SECTIONS } from './sections';
import { issueCounts, sameIssues, sameJson, withKeys } from './document-model';
import { HistoryPanel } from './history/HistoryPanel.client';
import { JsonTab } from './JsonTab.client';
import { PreviewPane as PreviewPaneView } from './preview/PreviewPane.client';
import { PaneDivider, usePaneWidth } from './PaneDivider.client';
import { PublishPanel as PublishPanelView, type Conflict, type WaitingSchedule } from './publish/PublishPanel.client';
import { SCHEDULE_POLL_MS, siteTimeZoneOf } from '../../domain/studio/scheduled-publish';
import styles from './editor.module.css';
import { HeaderFitCheck } from './preview/HeaderFitCheck.client';
import { headerFingerprint } from '../../domain/studio/header-fit';
import { describeEdits } from '../../domain/studio/change-story';
import { canRedo, canUndo, editHistory, startHistory, undoKey, type EditHistory } from './edit-history';
import { ConfirmDialog } from './shared/ConfirmDialog.client';
import { autosaveDelay } from './autosave';
import { SectionPanel } from './site-tabs/SectionPanel.client';
import { IssueSummary } from './publish/IssueSummary.client';
import type { PagesRequest } from './pages/PagesEditor.client';
import type { EditedBlock } from './preview/use-preview-bridge';
import type { BlockPlace } from '../../domain/studio/preview-messages';

const bundle = bundleJson as SchemaNode;
/** The lists whose items need an id of their own (offers, banners, slides, promo tiles). */
const ID_LISTS = listsWithIds(bundle as Record<string, unknown>);

// The editor re-renders with each keystroke (its document changed); the preview and the publish
// panel do not depend on the document, so they render again only when their own props change (issue 32).
const PreviewPane = memo(PreviewPaneView);
const PublishPanel = memo(PublishPanelView);

/** A fresh preview token well before the last one expires (15 minutes). */
const PREVIEW_REFRESH_MS = 10 * 60 * 1000;
/** The header check starts after the editor has been still this long since the preview showed the change. */
const HEADER_CHECK_QUIET_MS = 1500;

/** What the server opens the editor with (editor-data.ts), and the tab to start on. */
export type EditorProps = EditorData & { initialTab: string | null };

type SaveState =
  { kind: 'saved'; at?: string } | { kind: 'pending' } | { kind: 'saving' } | { kind: 'error'; message: string };

const EXTRA_TABS = [
  { id: 'json', label: 'JSON' },
  { id: 'history', label: 'History' },
] as const;

type TabId = string;

interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A call of the Studio's API; `json` is a body already stringified (else `body` is). */
async function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  json?: string,
): Promise<ApiAnswer> {
  const text = json ?? (body === undefined ? undefined : JSON.stringify(body));
  const response = await fetch(url, {
    method,
    headers: text === undefined ? {} : { 'content-type': 'application/json' },
    body: text,
    credentials: 'same-origin',
    cache: 'no-store',
  });
  let parsed: unknown = {};
  try {
    parsed = await response.json();
  } catch {
    parsed = { message: `The server answered ${response.status} without a readable message.` };
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return { status: response.status, body: record };
}

/** The waiting schedules of GET .../schedules (studio/api/schedule-routes.ts), soonest first. */
function waitingOf(value: unknown): WaitingSchedule[] {
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { id, state, message, story, publishAt } = item as Record<string, unknown>;
      const when = typeof story === 'object' && story !== null ? (story as { when?: unknown }).when : undefined;
      return state === 'scheduled' && typeof id === 'number' && typeof message === 'string' && typeof when === 'string'
        ? [{ id, message, when, publishAt: typeof publishAt === 'string' ? publishAt : '' }]
        : [];
    })
    .sort((a, b) => a.publishAt.localeCompare(b.publishAt));
}

const issuesFrom = (value: unknown): EditorIssue[] =>
  Array.isArray(value)
    ? value.filter(
        (i): i is EditorIssue =>
          typeof i === 'object' &&
          i !== null &&
          typeof (i as EditorIssue).pointer === 'string' &&
          typeof (i as EditorIssue).message === 'string',
      )
    : [];

const messageOf = (answer: ApiAnswer): string =>
  typeof answer.body.message === 'string' ? answer.body.message : `The server answered ${answer.status}.`;

/** The preview frame's token and what it shows (the draft, or its last complete state: issue 32). */
interface PreviewGrant {
  token: string;
  showing: PreviewShowing;
}

const SHOWINGS: readonly PreviewShowing[] = ['draft', 'last-complete', 'published'];

/** The `preview` of a draft save or preview-token answer. */
function previewGrantOf(value: unknown): PreviewGrant | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { token, showing } = value as { token?: unknown; showing?: unknown };
  if (typeof token !== 'string') return undefined;
  const known = SHOWINGS.find((s) => s === showing);
  return { token, showing: known ?? 'draft' };
}

const tabIds = (): TabId[] => [...SECTIONS.map((s) => s.id), ...EXTRA_TABS.map((t) => t.id)];

export function Editor(props: EditorProps) {
  // The editor is server-rendered: until React handles its events, a click or a typed value was
  // lost (a tab never opened, a change never reached the autosave), so it stays disabled till then.
  const hydrated = useHydrated();
  const { slug, siteName, inherited } = props;
  const apiBase = `/api/studio/sites/${encodeURIComponent(slug)}`;
  const [document, setDocument] = useState<JsonObject>(props.document);
  const [rawIssues, setRawIssues] = useState<EditorIssue[]>(props.issues);
  // The same issues again (each draft save answers with them) keep the list the editor has: a new
  // list would re-derive every form's error tree and re-render the whole form while someone types.
  const setIssues = useCallback(
    (next: EditorIssue[]) => setRawIssues((was) => (sameIssues(was, next) ? was : next)),
    [],
  );
  // The server's checks speak the CLI's words; the editor shows them in a site editor's (the JSON tab keeps them).
  const issues = useMemo(() => plainIssues(rawIssues), [rawIssues]);
  const [publishedVersionId, setPublishedVersionId] = useState<number | null>(props.publishedVersionId);
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });
  const [preview, setPreview] = useState<PreviewGrant>({ token: props.previewToken, showing: props.previewShowing });
  const [previewPath, setPreviewPath] = useState('/');
  // The Pages tab's block being edited, which the preview outlines and scrolls to (issues 32, 33); null for none.
  const [previewBlock, setPreviewBlock] = useState<EditedBlock | null>(null);
  // Point and edit (issue 33): what a click in the preview asked the Pages tab to open.
  const [pagesRequest, setPagesRequest] = useState<PagesRequest | null>(null);
  const [tab, setTab] = useState<TabId>(() =>
    props.initialTab && tabIds().includes(props.initialTab) ? props.initialTab : 'identity',
  );
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  // The publishes waiting for their time (issue 33), read again whenever the history changes.
  const [waiting, setWaiting] = useState<WaitingSchedule[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [panePercent, setPanePercent] = usePaneWidth();
  // "Preview as of" (issue 32): an ISO moment the preview renders the site at, or null for now. Kept
  // in a ref too, for the autosave that runs after the state has moved on.
  const previewAt = useRef<string | null>(null);
  const [previewAtShown, setPreviewAtShown] = useState<string | null>(null);
  // An earlier version the History tab shows in the preview instead of the draft (issue 32), or null.
  const [previewedVersion, setPreviewedVersion] = useState<{
    id: number;
    createdAt: string;
    author: string;
    message: string;
  } | null>(null);

  // The newest document and base, for the autosave that runs after the state has moved on. Every
  // change of either goes through the handlers below, which keep this up to date.
  const latest = useRef({ document: props.document, baseVersionId: props.baseVersionId });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** When the oldest change not yet saved was made (while the autosave timer runs). */
  const firstUnsaved = useRef(0);
  const inFlight = useRef(false);
  const again = useRef(false);
  const savedText = useRef(JSON.stringify(props.document));
  // Undo and redo across the session (issue 32): every document the editor holds, in steps.
  const edits = useRef<EditHistory>(startHistory(props.document));
  const [steps, setSteps] = useState({ undo: false, redo: false });
  // The site has an unpublished draft on the server ("Discard draft" is offered), and the dialog is open.
  const [hasDraft, setHasDraft] = useState(props.source === 'draft');
  const [discarding, setDiscarding] = useState<'asking' | 'working' | null>(null);
  // The header check (issue 32): the preview token of a saved draft whose header changed, checked
  // at desktop and phone width (HeaderFitCheck.client.tsx); what shaped the header when last checked.
  // A check starts once the editor has been still for HEADER_CHECK_QUIET_MS after the preview showed
  // the change (its two pages then never compete with the preview or with typing), and a change made
  // before it finishes stops it: the next save's check takes its place.
  const [headerCheck, setHeaderCheck] = useState<string | null>(null);
  const headerChecked = useRef<string | null>(headerFingerprint(props.document));
  const headerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const headerRunning = useRef<string | null>(null);
  const checkHeader = useCallback((doc: JsonObject, grant: PreviewGrant | undefined) => {
    if (!grant || grant.showing !== 'draft') return;
    const print = headerFingerprint(doc);
    if (print === headerChecked.current) return;
    clearTimeout(headerTimer.current);
    headerTimer.current = setTimeout(() => {
      headerTimer.current = undefined;
      headerChecked.current = print;
      headerRunning.current = grant.token;
      setHeaderCheck(grant.token);
    }, HEADER_CHECK_QUIET_MS);
  }, []);
  const stopHeaderCheck = useCallback(() => {
    clearTimeout(headerTimer.current);
    headerTimer.current = undefined;
    if (headerRunning.current === null) return;
    // Stopped before it answered: what the header looks like is unknown until the next check.
    headerRunning.current = null;
    headerChecked.current = null;
    setHeaderCheck(null);
  }, []);
  const headerCheckFinished = useCallback((token: string) => {
    if (headerRunning.current !== token) return;
    headerRunning.current = null;
    setHeaderCheck(null);
  }, []);

  const saveNow = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    // A change made during a save has its own autosave timer (hold), so typing on is not saved
    // back to back; a save asked for while this one runs (that timer, a publish) follows it at once.
    for (;;) {
      again.current = false;
      const { document: doc, baseVersionId: base } = latest.current;
      // The document is stringified once, for the request and to know what was saved (it can be large).
      const text = JSON.stringify(doc);
      const extra = { baseVersionId: base, ...(previewAt.current ? { previewAt: previewAt.current } : {}) };
      setSave({ kind: 'saving' });
      try {
        const rest = JSON.stringify(extra);
        const body = rest === '{}' ? `{"document":${text}}` : `{"document":${text},${rest.slice(1)}`;
        const answer = await call('PUT', `${apiBase}/draft`, undefined, body);
        if (answer.status === 200) {
          savedText.current = text;
          setHasDraft(true);
          setIssues(issuesFrom(answer.body.issues));
          // The preview follows once the newest change is saved: the answer to a save made while
          // typing goes on (the autosave's time limit) leaves the frame as it is, so its reload never
          // competes with the keys; the save of the newest change comes a moment later.
          const next = previewGrantOf(answer.body.preview);
          if (next && latest.current.document === doc) {
            setPreview(next);
            checkHeader(doc, next);
          }
          const draft = answer.body.draft as { savedAt?: unknown } | undefined;
          const newer = latest.current.document !== doc;
          setSave(
            newer
              ? { kind: 'pending' }
              : { kind: 'saved', ...(typeof draft?.savedAt === 'string' ? { at: draft.savedAt } : {}) },
          );
        } else {
          setSave({ kind: 'error', message: `Not saved: ${messageOf(answer)}` });
          break;
        }
      } catch {
        setSave({
          kind: 'error',
          message:
            'Not saved: the Studio could not be reached. Your change is kept here and saved with your next change.',
        });
        break;
      }
      if (!again.current) break;
    }
    inFlight.current = false;
  }, [apiBase, setIssues, checkHeader]);

  /** Remembers a document in the session's undo steps. */
  const remember = useCallback((next: JsonObject, separate = false) => {
    edits.current = editHistory(edits.current, { type: 'record', document: next, at: Date.now(), separate });
    setSteps({ undo: canUndo(edits.current), redo: canRedo(edits.current) });
  }, []);

  /** Holds a document as the editor's and saves it a moment later (a change, an undo or a redo). */
  const hold = useCallback(
    (next: JsonObject) => {
      latest.current = { ...latest.current, document: next };
      stopHeaderCheck();
      setDocument(next);
      setSave({ kind: 'pending' });
      // After a pause, or steady changes at most AUTOSAVE_MAX_MS after the first unsaved (autosave.ts).
      // The save takes the newest document; a change made during a save waits for its own timer.
      const now = Date.now();
      if (timer.current === undefined) firstUnsaved.current = now;
      else clearTimeout(timer.current);
      const wait = autosaveDelay(now, firstUnsaved.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void saveNow();
      }, wait);
    },
    [saveNow, stopHeaderCheck],
  );

  /** Every change of the document goes through here: it is kept, saved a moment later, and can be undone. */
  const commit = useCallback(
    (next: JsonObject, separate = false) => {
      if (sameJson(next, latest.current.document)) return;
      hold(next);
      remember(next, separate);
    },
    [hold, remember],
  );
  /**
   * A change from a tab's form: a new or duplicated offer, banner or slide gets its own id (a site
   * editor never types one). The JSON tab's text is committed as written (its own ids).
   */
  const change = useCallback(
    (reported: JsonObject, separate = false) =>
      commit(withItemIds(reported, ID_LISTS, latest.current.document), separate),
    [commit],
  );

  /** Undo or Redo: the step's document is held again, and the status says what was undone or redone. */
  const step = useCallback(
    (kind: 'undo' | 'redo') => {
      const before = edits.current;
      const after = editHistory(before, { type: kind });
      if (after === before) {
        setAnnouncement(kind === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.');
        return;
      }
      edits.current = after;
      setSteps({ undo: canUndo(after), redo: canRedo(after) });
      hold(after.present);
      // What changed back, told as History tells it ("Theme: primary colour #b71c1c → #0b6e4f").
      const told = describeEdits(before.present, after.present, { sections: SECTIONS, inherited: props.inherited }).map(
        (entry) => entry.text,
      );
      const what = told.length > 2 ? `${told.slice(0, 2).join('; ')} and ${told.length - 2} more` : told.join('; ');
      setAnnouncement(`${kind === 'undo' ? 'Undone' : 'Redone'}.${what ? ` ${what}.` : ''}`);
    },
    [hold, props.inherited],
  );

  // Ctrl/Cmd+Z undoes and Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes anywhere in the editor, typing included;
  // the JSON tab's text keeps the browser's own undo for its text.
  const onEditorKey = (event: KeyboardEvent<HTMLElement>) => {
    const kind = undoKey(event);
    if (!kind || (event.target instanceof HTMLElement && event.target.closest('[data-text-undo]'))) return;
    event.preventDefault();
    step(kind);
  };

  /**
   * The editor starts again from what the site serves (the answer of "Discard draft" and of "Publish
   * later…": the live document, its version, its issues and a preview of it). False when the answer
   * holds no document.
   */
  const startFromLive = useCallback(
    (answer: ApiAnswer): number | null | false => {
      const document = answer.body.document;
      if (typeof document !== 'object' || document === null || Array.isArray(document)) return false;
      const next = document as JsonObject;
      const live = typeof answer.body.publishedVersionId === 'number' ? answer.body.publishedVersionId : null;
      savedText.current = JSON.stringify(next);
      latest.current = { document: next, baseVersionId: live };
      setPublishedVersionId(live);
      setDocument(next);
      setIssues(issuesFrom(answer.body.issues));
      const grant = previewGrantOf(answer.body.preview);
      if (grant) setPreview(grant);
      checkHeader(next, grant);
      setSave({ kind: 'saved' });
      setHasDraft(false);
      remember(next, true);
      return live;
    },
    [remember, setIssues, checkHeader],
  );

  /** "Discard draft", confirmed: the server drops the draft and the editor goes back to the published version. */
  const discard = useCallback(async () => {
    setDiscarding('working');
    clearTimeout(timer.current);
    timer.current = undefined;
    // A save still on its way would bring the draft back after it is discarded.
    while (inFlight.current) await new Promise((resolve) => setTimeout(resolve, 50));
    const at = previewAt.current;
    const answer = await call('DELETE', `${apiBase}/draft${at ? `?at=${encodeURIComponent(at)}` : ''}`).catch(
      () => undefined,
    );
    setDiscarding(null);
    const live = answer?.status === 200 ? startFromLive(answer) : false;
    if (live === false) {
      setAnnouncement(
        answer
          ? `The draft was not discarded: ${messageOf(answer)}`
          : 'The draft was not discarded: the Studio could not be reached.',
      );
      return;
    }
    setAnnouncement(
      `Draft discarded. The editor shows ${live ? `published version ${live}` : 'the site as it is published'}; Undo brings your changes back as a new draft.`,
    );
  }, [apiBase, startFromLive]);

  // Saves what is pending when the page is left, and warns while a change is not yet saved.
  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (JSON.stringify(latest.current.document) === savedText.current) return;
      void saveNow();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [saveNow]);

  /** A fresh preview token, as of the "Preview as of" moment when one is chosen. */
  const refreshPreview = useCallback(() => {
    const at = previewAt.current;
    void call('GET', `${apiBase}/preview-token${at ? `?at=${encodeURIComponent(at)}` : ''}`).then((answer) => {
      const next = previewGrantOf(answer.body.preview);
      if (answer.status === 200 && next) setPreview(next);
    });
  }, [apiBase]);

  // A fresh preview token while the editor stays open without changes.
  useEffect(() => {
    const id = setInterval(refreshPreview, PREVIEW_REFRESH_MS);
    return () => clearInterval(id);
  }, [refreshPreview]);

  const choosePreviewAt = useCallback(
    (at: string | null) => {
      previewAt.current = at;
      setPreviewAtShown(at);
      refreshPreview();
    },
    [refreshPreview],
  );

  const chooseTab = useCallback((id: TabId) => {
    setTab(id);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', id);
    window.history.replaceState(null, '', url);
  }, []);
  const showMenus = useCallback(() => chooseTab('menus'), [chooseTab]);
  // A block clicked in the preview, or "Add block here" there: the Pages tab opens it (issue 33).
  const selectFromPreview = useCallback(
    (place: BlockPlace) => {
      chooseTab('pages');
      setPagesRequest((was) => ({ serial: (was?.serial ?? 0) + 1, action: 'select', ...place }));
    },
    [chooseTab],
  );
  const addFromPreview = useCallback(
    (place: { route: string; at: number }) => {
      chooseTab('pages');
      setPagesRequest((was) => ({ serial: (was?.serial ?? 0) + 1, action: 'add', ...place }));
    },
    [chooseTab],
  );

  /** A tab's form changed its keys: the newest document with those keys replaced. */
  const changeKeys = useCallback(
    (keys: readonly string[], data: JsonObject, separate = false) =>
      change(withKeys(latest.current.document, keys, data), separate),
    [change],
  );

  const counts = useMemo(() => issueCounts(issues), [issues]);
  const timeZone = siteTimeZoneOf(document, inherited);
  const showHistory = useCallback(() => chooseTab('history'), [chooseTab]);
  const bumpHistory = useCallback(() => setHistoryKey((k) => k + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    void call('GET', `${apiBase}/schedules`)
      .then((answer) => {
        if (controller.signal.aborted || answer.status !== 200) return;
        setWaiting(waitingOf(answer.body.schedules));
      })
      .catch(() => undefined); // the list stays as it was; the next change reads it again
    return () => controller.abort();
  }, [apiBase, historyKey]);
  // Once the soonest one is due, the list and History are read again (it went live, or why not).
  const nextDue = waiting.reduce((soonest, w) => Math.min(soonest, Date.parse(w.publishAt)), Infinity);
  useEffect(() => {
    if (!Number.isFinite(nextDue)) return;
    const wait = Math.min(Math.max(nextDue - Date.now(), 0) + SCHEDULE_POLL_MS * 2, 2 ** 31 - 1);
    const id = setTimeout(() => setHistoryKey((k) => k + 1), wait);
    return () => clearTimeout(id);
  }, [nextDue]);
  const section = SECTIONS.find((s) => s.id === tab);

  const published = useCallback((versionId: number, how: string) => {
    setPublishedVersionId(versionId);
    setHasDraft(false);
    latest.current = { ...latest.current, baseVersionId: versionId };
    setConflict(null);
    setHistoryKey((k) => k + 1);
    setAnnouncement(how);
  }, []);

  /** A refused publish or schedule: a conflict is shown with what changed, a 422's issues are listed. */
  const refused = useCallback(
    (answer: ApiAnswer): string => {
      if (answer.status === 409) {
        const current = answer.body.current as Conflict['current'];
        const changes = Array.isArray(answer.body.changes) ? (answer.body.changes as Conflict['changes']) : [];
        const entries = Array.isArray(answer.body.entries)
          ? (answer.body.entries as unknown[]).flatMap((entry) =>
              typeof entry === 'object' && entry !== null && typeof (entry as { text?: unknown }).text === 'string'
                ? [{ text: (entry as { text: string }).text }]
                : [],
            )
          : [];
        setConflict({ message: messageOf(answer), current, changes, entries });
        return messageOf(answer);
      }
      if (answer.status === 422) setIssues(issuesFrom(answer.body.issues));
      return messageOf(answer);
    },
    [setIssues],
  );

  const publish = useCallback(
    async (message: string): Promise<string | undefined> => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const answer = await call('POST', `${apiBase}/publish`, {
        document: latest.current.document,
        baseVersionId: latest.current.baseVersionId,
        message,
      });
      if (answer.status === 200) {
        const version = answer.body.version as { id?: unknown } | undefined;
        const id = typeof version?.id === 'number' ? version.id : null;
        if (id !== null) published(id, `Published version ${id}. The public site shows it on the next page view.`);
        savedText.current = JSON.stringify(latest.current.document);
        setSave({ kind: 'saved' });
        return undefined;
      }
      return refused(answer);
    },
    [apiBase, published, refused],
  );

  /** "Publish later…": the draft is frozen to go live at `publishAt` (the site's clock); the editor shows the live site again. */
  const schedulePublish = useCallback(
    async (message: string, publishAt: string): Promise<string | undefined> => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const answer = await call('POST', `${apiBase}/schedules`, {
        document: latest.current.document,
        baseVersionId: latest.current.baseVersionId,
        message,
        publishAt,
        ...(previewAt.current ? { previewAt: previewAt.current } : {}),
      }).catch(() => undefined);
      if (!answer) return 'Nothing was scheduled: the Studio could not be reached. Try again.';
      if (answer.status !== 201) return refused(answer);
      const live = startFromLive(answer);
      setConflict(null);
      setHistoryKey((k) => k + 1);
      setAnnouncement(
        `${messageOf(answer)} The editor shows the site as it is live now${live ? ` (version ${live})` : ''}; your changes wait in the schedule.`,
      );
      return undefined;
    },
    [apiBase, refused, startFromLive],
  );

  /** After a conflict: publish this draft over the other editor's version (theirs stays in the history). */
  const rebase = useCallback(() => {
    if (!conflict) return;
    setPublishedVersionId(conflict.current.versionId);
    latest.current = { ...latest.current, baseVersionId: conflict.current.versionId };
    setConflict(null);
    setHistoryKey((k) => k + 1);
    setAnnouncement(
      `Your draft is now based on version ${conflict.current.versionId}. Publishing it replaces their changes listed above; their version stays in the history.`,
    );
    // The draft is saved again from the new base.
    void saveNow();
  }, [conflict, saveNow]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const ids = tabIds();
    const index = ids.indexOf(tab);
    const move =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : event.key === 'Home'
            ? -index
            : event.key === 'End'
              ? ids.length - 1 - index
              : 0;
    if (!move) return;
    event.preventDefault();
    const next = ids[(index + move + ids.length) % ids.length] ?? 'identity';
    chooseTab(next);
    window.document.getElementById(`tab-${next}`)?.focus();
  };

  const backToDraft = useCallback(() => setPreviewedVersion(null), []);
  // Shown beside the preview, where the header it speaks of is seen (kept the same element: the pane is memoised).
  const headerFit = useMemo(
    () => (
      <HeaderFitCheck
        origin={props.previewOrigin}
        token={headerCheck}
        onFinished={headerCheckFinished}
        onShowMenus={showMenus}
      />
    ),
    [props.previewOrigin, headerCheck, headerCheckFinished, showMenus],
  );

  const canPublish = issues.length === 0 && jsonProblem === null && save.kind === 'saved';
  const pageRoutes = useMemo(() => {
    const own = document.pages && typeof document.pages === 'object' ? Object.keys(document.pages) : [];
    const theirs = inherited.pages && typeof inherited.pages === 'object' ? Object.keys(inherited.pages) : [];
    return [...theirs, ...own];
  }, [document.pages, inherited.pages]);

  return (
    // Disabled until hydrated: every field and button waits (and says so) instead of dropping input.
    <fieldset
      className={styles.editor}
      disabled={!hydrated}
      aria-busy={!hydrated}
      data-studio-editor=""
      onKeyDown={onEditorKey}
    >
      <legend className={styles.visuallyHidden}>Site editor</legend>
      <div className={styles.toolbar}>
        <div id="studio-save-status" className={styles.status} role="status" aria-live="polite">
          {hydrated ? <SaveStatus state={save} /> : <span>Loading the editor…</span>}
          {announcement ? <span className={styles.announcement}>{announcement}</span> : null}
        </div>
        <div className={styles.toolbarActions} role="group" aria-label="Your changes">
          <button
            type="button"
            className={styles.secondary}
            disabled={!steps.undo}
            aria-keyshortcuts="Control+Z Meta+Z"
            onClick={() => step('undo')}
          >
            Undo
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={!steps.redo}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
            onClick={() => step('redo')}
          >
            Redo
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={!hasDraft || discarding !== null}
            onClick={() => setDiscarding('asking')}
          >
            {discarding === 'working' ? 'Discarding…' : 'Discard draft'}
          </button>
        </div>
      </div>
      {discarding === 'asking' ? (
        <ConfirmDialog
          title="Discard your draft?"
          confirmLabel="Discard draft"
          cancelLabel="Keep editing"
          onConfirm={() => void discard()}
          onCancel={() => setDiscarding(null)}
        >
          <p>
            Every change not yet published is removed, for everyone editing {siteName}, and the editor goes back to{' '}
            {publishedVersionId ? `published version ${publishedVersionId}` : 'the site as it is published'}. The public
            site does not change.
          </p>
          <p>Until you leave this page, Undo brings your changes back.</p>
        </ConfirmDialog>
      ) : null}
      {props.draft && props.draft.by && props.source === 'draft' ? (
        <p className={styles.note}>
          Opened the unpublished draft saved by {props.draft.by}. Your changes carry on from it.
        </p>
      ) : null}
      <IssueSummary issues={issues} document={document} onShow={(s) => chooseTab(s.id)} />
      <PublishPanel
        canPublish={canPublish}
        blockedBecause={
          jsonProblem
            ? 'The JSON tab holds text that is not valid JSON.'
            : issues.length
              ? `The draft has ${issues.length === 1 ? '1 problem' : `${issues.length} problems`} to fix first (listed above).`
              : save.kind !== 'saved'
                ? 'Waiting for the draft to be saved.'
                : undefined
        }
        conflict={conflict}
        onPublish={publish}
        onRebase={rebase}
        publishedVersionId={publishedVersionId}
        timeZone={timeZone}
        onSchedule={schedulePublish}
        scheduled={waiting}
        onShowHistory={showHistory}
      />
      <div className={styles.columns} style={{ '--editor-pane': `${panePercent}%` } as CSSProperties}>
        <div className={styles.formColumn}>
          <div role="tablist" aria-label="Parts of the site" className={styles.tabs}>
            {[...SECTIONS, ...EXTRA_TABS].map((t) => {
              const count = counts[t.id] ?? 0;
              return (
                <button
                  key={t.id}
                  id={`tab-${t.id}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === t.id}
                  aria-controls={`panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  className={styles.tab}
                  onClick={() => chooseTab(t.id)}
                  onKeyDown={onTabKey}
                >
                  {t.label}
                  {count ? (
                    <span className={styles.tabCount}> ({count === 1 ? '1 problem' : `${count} problems`})</span>
                  ) : null}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={styles.panel} tabIndex={0}>
            {section ? (
              <SectionPanel
                section={section}
                slug={slug}
                document={document}
                inherited={inherited}
                issues={issues}
                adminFieldsLocked={props.adminFieldsLocked}
                onChange={changeKeys}
                onPreview={setPreviewPath}
                onPreviewBlock={setPreviewBlock}
                pagesRequest={pagesRequest}
              />
            ) : tab === 'json' ? (
              <JsonTab document={document} issues={rawIssues} onChange={commit} onProblem={setJsonProblem} />
            ) : (
              <HistoryPanel
                slug={slug}
                siteName={siteName}
                publishedVersionId={publishedVersionId}
                refreshKey={historyKey}
                previewedVersion={previewedVersion}
                previewAvailable={props.previewOrigin !== null}
                onPreviewVersion={setPreviewedVersion}
                onSchedulesChanged={bumpHistory}
                onRestored={(id, from) => {
                  // The editor opens again so every tab holds the restored version, which replaced the
                  // draft (nothing left to save or warn about); the address carries the panel's message.
                  clearTimeout(timer.current);
                  timer.current = undefined;
                  savedText.current = JSON.stringify(latest.current.document);
                  const url = new URL(window.location.href);
                  url.searchParams.set('tab', 'history');
                  url.searchParams.set('restored', String(id));
                  url.searchParams.set('from', String(from));
                  window.location.assign(url);
                }}
              />
            )}
          </div>
        </div>
        <PaneDivider percent={panePercent} onChange={setPanePercent} />
        <PreviewPane
          siteName={siteName}
          origin={props.previewOrigin}
          token={preview.token}
          showing={preview.showing}
          at={previewAtShown}
          onAt={choosePreviewAt}
          path={previewPath}
          paths={pageRoutes}
          onPath={setPreviewPath}
          selected={tab === 'pages' ? previewBlock : null}
          onSelectBlock={selectFromPreview}
          onAddBlock={addFromPreview}
          slug={slug}
          version={tab === 'history' ? previewedVersion : null}
          onBackToDraft={backToDraft}
          headerFit={headerFit}
        />
      </div>
    </fieldset>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  if (state.kind === 'pending') return <span>Unsaved changes…</span>;
  if (state.kind === 'saving') return <span>Saving draft…</span>;
  if (state.kind === 'error') return <span className={styles.error}>{state.message}</span>;
  return <span>{state.at ? 'Draft saved.' : 'No unsaved changes.'}</span>;
}
