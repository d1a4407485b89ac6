'use client';
/**
 * The editor's Pages tab (issue 16): the site's merged page list on the left (template pages
 * marked inherited, changed or removed), and the chosen page on the right: its title and
 * description, and its blocks as cards that open into their props form (rjsf, from the block's
 * schema.json). Blocks are added from a picker of the registry's block types, reordered with the
 * Up and Down buttons or by dragging a card's handle, and removed. Changing an inherited page makes
 * this site's own copy of it; "Reset to template" drops the copy (pages-model.ts has the rules).
 *
 * The editor owns no document: every change is an action (pages-model.ts, `PageAction`) applied by
 * `reducePages`, and goes up through `onChange` as the tenant's new `pages` (undefined when the site
 * has none of its own); the server's issues come back down. Typing in
 * one block's form re-renders only that block's card: the cards are memoised, their callbacks are
 * stable (they read the latest document from a ref), and untouched blocks keep their identity.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styles from '../../components/studio.module.css';
import type { BlockDoc, EditorIssue, PageDoc, SchemaNode } from '../editor-types';
import css from './PagesEditor.module.css';
import type { EditedBlock } from '../preview/use-preview-bridge';
import { sameIssues } from '../document-model';
import {
  addPage,
  blockPointer,
  insertBlock,
  moveBlock,
  newBlock,
  pageList,
  pagePointer,
  previewPath,
  reducePages,
  removeBlock,
  listTitle,
  type PageAction,
  type PageEntry,
  type PageStatus,
} from './pages-model';
import { blockCatalogue, issuesUnder, pageKindField } from '../schema-tools';
import { pageKind, PAGE_KIND_LABELS } from '../../../engine/page-kinds';
import type { Block } from '../../../schemas/types.generated';
import type { StudioFormContext } from '../widgets';
import { blockTitle, dragActions, pickableBlocks, problems, type BlockActions, type DragState } from './page-shared';
import { StatusNote, FieldIssues, IssueList } from './page-parts.client';
import { AddPageForm } from './AddPageForm.client';
import { BlockCard } from './BlockCard.client';
import { BlockPicker } from './BlockPicker.client';

const MARKERS: Record<PageStatus, string> = {
  inherited: 'Inherited',
  overridden: 'Changed for this site',
  own: 'This site only',
  removed: 'Removed',
};

const EMPTY_BLOCKS: readonly BlockDoc[] = [];

/** A DOM id part for a block's key (keys hold a route, so '/' and ':'), one to one. */
const idPart = (key: string): string => key.replace(/[^a-zA-Z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`);

/** Keys for blocks added in this editor; blocks already there get `<route>#<index>` until first moved. */
let keySerial = 0;
const freshKey = (): string => `new-${++keySerial}`;

interface PickerState {
  /** Where the chosen block goes. */
  at: number;
  /** Where focus returns when the picker is closed without a choice. */
  returnTo: string;
  /** Where the block goes, for the picker's heading. */
  where: string;
}

interface RemovedBlock {
  route: string;
  index: number;
  block: BlockDoc;
  key: string;
  name: string;
}

type Confirming = { route: string; action: 'reset' | 'remove' } | null;

export interface PagesEditorProps {
  /** The site being edited (image uploads in block forms are stored for it). */
  slug: string;
  /** The dealer's name, for page titles that write it as {site}. */
  siteName: string;
  /** schemas/studio.schema.json: the block types and their props schemas. */
  bundle: SchemaNode;
  /** The tenant document's own `pages`, or undefined when it has none. */
  own: Record<string, PageDoc | null> | undefined;
  /** The pages the site's template and dealer group supply (removed ones left out). */
  inherited: Record<string, PageDoc>;
  /** The heading of the banner promotion a hero showing "the current promotion" shows now, if any. */
  currentPromotion?: string | undefined;
  /** The server's issues about the whole tenant document (pointers from its root). */
  issues: EditorIssue[];
  /** The tenant's new `pages`; undefined when none are left (drop the key). */
  /** `separate`: an undo step of its own (a block added, moved or removed), never joined with typing. */
  onChange(pages: Record<string, PageDoc | null> | undefined, separate?: boolean): void;
  /** Show this path of the site in the preview (only concrete paths, never `/cars/:slug`). */
  onPreview(route: string): void;
  /**
   * The preview follows the editor (issues 32 and 33): the block being edited (the page's route
   * pattern and the block's index), to outline in the preview and scroll to when chosen here; or none.
   */
  onPreviewBlock?(place: EditedBlock | null): void;
  /** Point and edit (issue 33): a block clicked in the preview to open, or a place to add one; newest serial wins. */
  request?: PagesRequest | null;
}

/** What the preview asked of the Pages tab (issue 33): open a block's form, or the block picker at a place. */
export type PagesRequest = { serial: number; route: string } & (
  { action: 'select'; index: number } | { action: 'add'; at: number }
);

export function PagesEditor({
  slug,
  siteName,
  bundle,
  own,
  inherited,
  currentPromotion,
  issues: issuesProp,
  onChange,
  onPreview,
  onPreviewBlock,
  request,
}: PagesEditorProps) {
  // The same issues in a new array (each check of the draft answers with one) keep the old array,
  // so the block cards, which take their issues from it, are not all re-rendered.
  const [issues, setIssues] = useState(issuesProp);
  if (issuesProp !== issues && !sameIssues(issuesProp, issues)) setIssues(issuesProp);
  const baseId = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const entries = useMemo(() => pageList(own, inherited), [own, inherited]);
  const catalogue = useMemo(() => blockCatalogue(bundle), [bundle]);
  const kindField = useMemo(() => pageKindField(bundle), [bundle]);
  const typesByName = useMemo(() => new Map(catalogue.map((t) => [t.type, t])), [catalogue]);

  const [selected, setSelected] = useState(() => request?.route ?? '/');
  const entry: PageEntry | undefined = entries.find((e) => e.route === selected) ?? entries[0];
  // Issue 34: the picker offers the blocks this kind of page can show (the page's nested lists too).
  const pickable = useMemo(() => pickableBlocks(catalogue, entry?.page), [catalogue, entry?.page]);
  // The lists of blocks inside a block's form (a section's, the vehicle page's columns) show cards too.
  const context = useMemo<StudioFormContext>(
    () => ({ slug, blocks: { bundle, catalogue, pickable, issues, currentPromotion } }),
    [slug, bundle, catalogue, pickable, issues, currentPromotion],
  );
  const route = entry?.route;
  const blocks = entry?.page.blocks ?? EMPTY_BLOCKS;

  // React keys for the blocks, moved along with them, so a moved card keeps its open form and focus.
  const [blockKeys, setBlockKeys] = useState<Readonly<Record<string, readonly string[]>>>({});
  const storedKeys = route === undefined ? undefined : blockKeys[route];
  const keys = useMemo(
    () => (storedKeys && storedKeys.length === blocks.length ? storedKeys : blocks.map((_, i) => `${route}#${i}`)),
    [storedKeys, blocks, route],
  );

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // The block last opened, moved or added: "Add block" puts the new block after it.
  const [current, setCurrent] = useState<string | null>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [picker, setPicker] = useState<PickerState | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [announcement, setAnnouncement] = useState('');
  // The block removed last, until it is put back or the next removal.
  const [removed, setRemoved] = useState<RemovedBlock | null>(null);

  // The preview outlines the block last opened, moved or added (issues 32 and 33), wherever it now is,
  // and scrolls to it unless it was chosen by a click in the preview (the page then stays still).
  const currentIndex = current === null ? -1 : keys.indexOf(current);
  const [pickedInPreview, setPickedInPreview] = useState<string | null>(null);
  /** The editor (not the preview) chose the block: the preview brings it on screen. */
  const chooseCurrent = useCallback((key: string) => {
    setPickedInPreview(null);
    setCurrent(key);
  }, []);
  useEffect(() => {
    if (route === undefined || currentIndex < 0) onPreviewBlock?.(null);
    else onPreviewBlock?.({ route, index: currentIndex, reveal: pickedInPreview !== current });
  }, [route, currentIndex, current, pickedInPreview, onPreviewBlock]);

  // The element to focus once the next render is on screen (after a move, an add, a removal).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });

  // The latest document and callbacks, for the cards' stable callbacks (read only in event handlers).
  const latest = useRef({ own, inherited, route, blocks, keys, onChange, typesByName, drag, current });
  useLayoutEffect(() => {
    latest.current = { own, inherited, route, blocks, keys, onChange, typesByName, drag, current };
  });

  const ids = useMemo(
    () => ({
      pageHeading: `${baseId}-page`,
      title: `${baseId}-title`,
      remove: `${baseId}-remove-page`,
      restore: `${baseId}-restore-page`,
      reset: `${baseId}-reset-page`,
      confirmNo: `${baseId}-confirm-no`,
      addBlock: `${baseId}-add-block`,
      card: (key: string) => `${baseId}-block-${idPart(key)}`,
    }),
    [baseId],
  );

  const actions = useMemo<BlockActions>(() => {
    const blockName = (block: BlockDoc | undefined, index: number): string => {
      const title = block ? (latest.current.typesByName.get(block.type)?.title ?? block.type) : 'Block';
      return `${title} (block ${index + 1})`;
    };
    /** Applies a block action to the page (pages-model.ts, reducePages) with the blocks' keys after it. */
    const commit = (action: (route: string) => PageAction, nextKeys: readonly string[]) => {
      const { own, inherited, route, onChange } = latest.current;
      if (route === undefined) return;
      setBlockKeys((prev) => (prev[route] === nextKeys ? prev : { ...prev, [route]: nextKeys }));
      // A block added, moved or removed (the keys change) is an undo step of its own.
      const separate = nextKeys !== latest.current.keys;
      onChange(reducePages(own, inherited, action(route)), separate);
    };
    const indexOf = (key: string) => latest.current.keys.indexOf(key);
    const changeBlock = (key: string, change: (block: BlockDoc) => BlockDoc) => {
      const { blocks, keys } = latest.current;
      const index = indexOf(key);
      const block = blocks[index];
      if (!block) return;
      commit((route) => ({ type: 'replace-block', route, index, block: change(block) }), keys);
    };
    const move = (key: string, to: number, via: 'up' | 'down' | 'drag') => {
      const { blocks, keys } = latest.current;
      const from = indexOf(key);
      const block = blocks[from];
      if (!block) return;
      const title = latest.current.typesByName.get(block.type)?.title ?? block.type;
      if (to < 0 || to >= blocks.length || to === from) {
        setAnnouncement(`${title} is already the ${to < from ? 'first' : 'last'} block.`);
        return;
      }
      commit((route) => ({ type: 'move-block', route, from, to }), moveBlock(keys, from, to));
      chooseCurrent(key);
      setAnnouncement(`${title} moved to position ${to + 1} of ${blocks.length}.`);
      // The button stays under the keyboard user's finger, wherever the card went.
      if (via !== 'drag') focusNext.current = `${ids.card(key)}-${via}`;
    };
    return {
      move,
      changeBlock,
      changeProps: (key, props) => changeBlock(key, (block) => ({ ...block, props })),
      remove(key) {
        const { blocks, keys } = latest.current;
        const index = indexOf(key);
        const block = blocks[index];
        if (!block) return;
        const name = blockName(block, index);
        const route = latest.current.route;
        commit((route) => ({ type: 'remove-block', route, index }), removeBlock(keys, index));
        // No "are you sure?": the removal can be undone from the notice above the blocks.
        if (route !== undefined) setRemoved({ route, index, block, key, name });
        const left = blocks.length - 1;
        setAnnouncement(`${name} removed. ${left} ${left === 1 ? 'block' : 'blocks'} left. Undo is above the blocks.`);
        if (latest.current.current === key) setCurrent(null);
        // Focus goes to the block that took its place, else the one before, else "Add block".
        const neighbour = keys[index + 1] ?? keys[index - 1];
        focusNext.current = neighbour ? `${ids.card(neighbour)}-toggle` : ids.addBlock;
      },
      toggle(key) {
        setExpanded((prev) => {
          const next = new Set(prev);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          return next;
        });
        chooseCurrent(key);
      },
      addBelow(key, openerId) {
        const { blocks } = latest.current;
        const index = indexOf(key);
        chooseCurrent(key);
        setPicker({ at: index + 1, returnTo: openerId, where: `after ${blockName(blocks[index], index)}` });
      },
      ...dragActions(() => ({
        setDrag,
        indexOf,
        titleOf: (key) => blockTitle(latest.current.blocks[indexOf(key)], latest.current.typesByName),
        move,
        announce: setAnnouncement,
      })),
    };
  }, [ids, chooseCurrent]);

  // Point and edit (issue 33): the preview's request, applied while rendering once its page is the
  // one shown here (the page is chosen first, then its block is opened or the picker shown).
  const [handled, setHandled] = useState<number | null>(null);
  const [focusPicked, setFocusPicked] = useState<{ id: string; serial: number } | null>(null);
  if (request && handled !== request.serial) {
    if (!entries.some((e) => e.route === request.route && e.status !== 'removed')) setHandled(request.serial);
    else if (route !== request.route) {
      setSelected(request.route);
      setConfirming(null);
    } else {
      setHandled(request.serial);
      if (request.action === 'select') {
        const key = keys[request.index];
        if (key !== undefined) {
          setPickedInPreview(key);
          setExpanded((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
          setCurrent(key);
          setFocusPicked({ id: `${ids.card(key)}-toggle`, serial: request.serial });
        }
      } else {
        const at = Math.min(request.at, blocks.length);
        const before = blocks[at - 1];
        const where =
          at === 0 || !before
            ? 'at the start of the page'
            : `after ${typesByName.get(before.type)?.title ?? before.type} (block ${at})`;
        setPicker({ at, returnTo: ids.addBlock, where });
      }
    }
  }
  // The clicked block's card takes the focus (and comes on screen), ready for its fields.
  useEffect(() => {
    if (focusPicked) document.getElementById(focusPicked.id)?.focus();
  }, [focusPicked]);

  /* The page list and the page's own fields. */

  const issueCounts = useMemo(
    () => new Map(entries.map((e) => [e.route, issuesUnder(issues, pagePointer(e.route)).length])),
    [entries, issues],
  );

  function undoRemove() {
    if (!removed || removed.route !== route) return;
    const at = Math.min(removed.index, blocks.length);
    setRemoved(null);
    setBlockKeys((prev) => ({ ...prev, [removed.route]: insertBlock(keys, at, removed.key) }));
    onChange(
      reducePages(own, inherited, { type: 'insert-block', route: removed.route, at, block: removed.block }),
      true,
    );
    setAnnouncement(`${removed.name} is back at position ${at + 1}.`);
    focusNext.current = `${ids.card(removed.key)}-toggle`;
  }

  function select(next: string) {
    setSelected(next);
    setConfirming(null);
    const path = previewPath(next);
    if (path !== undefined) onPreview(path);
  }

  /** Applies an action to the selected page (pages-model.ts, reducePages). */
  function changePage(action: (route: string) => PageAction, separate = false) {
    if (route === undefined) return;
    onChange(reducePages(own, inherited, action(route)), separate);
  }

  function pageAction(action: 'reset' | 'remove' | 'restore') {
    if (!entry) return;
    const needsConfirm = action !== 'restore' && (entry.status === 'overridden' || entry.status === 'own');
    if (needsConfirm && confirming?.route !== entry.route) {
      setConfirming({ route: entry.route, action });
      focusNext.current = ids.confirmNo;
      return;
    }
    setConfirming(null);
    if (action === 'reset') {
      onChange(reducePages(own, inherited, { type: 'reset-page', route: entry.route }));
      setAnnouncement(`${entry.route} reset: the template’s page shows again.`);
      focusNext.current = ids.pageHeading;
    } else if (action === 'remove') {
      onChange(reducePages(own, inherited, { type: 'remove-page', route: entry.route }));
      setAnnouncement(`${entry.route} removed from this site.`);
      if (entry.status === 'own') {
        // The page is gone from the list: show the home page (or the first) instead.
        setSelected('/');
        focusNext.current = ids.pageHeading;
      } else focusNext.current = ids.restore;
    } else {
      onChange(reducePages(own, inherited, { type: 'restore-page', route: entry.route }));
      setAnnouncement(`${entry.route} restored.`);
      focusNext.current = ids.remove;
    }
  }

  function cancelConfirm() {
    const action = confirming?.action;
    setConfirming(null);
    focusNext.current = action === 'reset' ? ids.reset : ids.remove;
  }

  /* The block picker. */

  function openPicker(openerId: string) {
    const at = current ? keys.indexOf(current) : -1;
    const block = blocks[at];
    if (at >= 0 && block) {
      const title = typesByName.get(block.type)?.title ?? block.type;
      setPicker({ at: at + 1, returnTo: openerId, where: `after ${title} (block ${at + 1})` });
    } else setPicker({ at: blocks.length, returnTo: openerId, where: 'at the end of the page' });
  }

  function closePicker() {
    if (picker) focusNext.current = picker.returnTo;
    setPicker(null);
  }

  function choose(type: string) {
    if (!picker) return;
    const key = freshKey();
    const at = Math.min(picker.at, blocks.length);
    const title = typesByName.get(type)?.title ?? type;
    setPicker(null);
    setBlockKeys((prev) => (route === undefined ? prev : { ...prev, [route]: insertBlock(keys, at, key) }));
    setExpanded((prev) => new Set(prev).add(key));
    chooseCurrent(key);
    changePage((route) => ({ type: 'insert-block', route, at, block: newBlock(type) }), true);
    setAnnouncement(`${title} added as block ${at + 1}. Its settings are open.`);
    focusNext.current = `${ids.card(key)}-toggle`;
  }

  const pp = route === undefined ? '' : pagePointer(route);
  const titleIssues = route === undefined ? [] : issuesUnder(issues, `${pp}/title`);
  const descriptionIssues = route === undefined ? [] : issuesUnder(issues, `${pp}/description`);
  const kindIssues = route === undefined ? [] : issuesUnder(issues, `${pp}/kind`);
  // A kind the template declares cannot be dropped (the template's page would bring it back): only changed.
  const templateKind = route !== undefined && Object.hasOwn(inherited, route) ? inherited[route]?.kind : undefined;
  const fromBlocks = entry ? pageKind({ blocks: (entry.page.blocks ?? []) as unknown as Block[] }) : undefined;
  const otherPageIssues =
    route === undefined
      ? []
      : issues.filter(
          (i) =>
            i.pointer === pp ||
            i.pointer === `${pp}/blocks` ||
            (i.pointer.startsWith(`${pp}/`) &&
              !/^\/(title|description|kind|blocks)(\/|$)/.test(i.pointer.slice(pp.length))),
        );
  const pagesIssues = issues.filter((i) => i.pointer === '/pages');
  const canPreview = route !== undefined && previewPath(route) !== undefined;

  return (
    <div className={css.editor}>
      <section className={css.list} aria-labelledby={`${baseId}-list`}>
        <h3 id={`${baseId}-list`} className={css.listHeading}>
          Pages of this site
        </h3>
        {pagesIssues.map((issue, i) => (
          <p key={i} className={styles.error}>
            {issue.message}
          </p>
        ))}
        <ul className={css.pageList}>
          {entries.map((e) => {
            const count = issueCounts.get(e.route) ?? 0;
            return (
              <li key={e.route}>
                <button
                  type="button"
                  className={css.pageButton}
                  aria-current={e.route === route ? 'true' : undefined}
                  onClick={() => select(e.route)}
                >
                  {/* The spaces keep the parts apart in the button's accessible name. */}
                  <span className={css.pageTitle}>{listTitle(e.title, siteName)}</span>{' '}
                  <code className={css.route}>{e.route}</code>{' '}
                  <span className={css.badges}>
                    <span className={`${css.marker} ${css[e.status]}`}>{MARKERS[e.status]}</span>{' '}
                    {count ? <span className={css.issueCount}>{problems(count)}</span> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <AddPageForm
          baseId={baseId}
          add={(newRoute, title) => {
            // The route's or the title's problem is shown at its field; a good page is added.
            const result = addPage(own, inherited, newRoute, title);
            if (!result.ok) return result;
            onChange(reducePages(own, inherited, { type: 'add-page', route: newRoute, title }));
            setSelected(newRoute);
            setConfirming(null);
            setAnnouncement(`Page ${newRoute} added. It has no blocks yet.`);
            focusNext.current = ids.title;
            const path = previewPath(newRoute);
            if (path !== undefined) onPreview(path);
            return result;
          }}
        />
      </section>

      {entry && route !== undefined ? (
        <section className={css.detail} aria-labelledby={ids.pageHeading}>
          <h3 id={ids.pageHeading} tabIndex={-1} className={css.detailHeading}>
            {listTitle(entry.title, siteName)}
          </h3>
          <p className={css.routeLine}>
            <code className={css.route}>{route}</code>
            <span className={`${css.marker} ${css[entry.status]}`}>{MARKERS[entry.status]}</span>
          </p>
          <StatusNote status={entry.status} />
          {!canPreview && entry.status !== 'removed' ? (
            <p className={styles.hint}>
              The preview cannot open this page by itself: its address needs a value for each :name part. Open one (e.g.
              a car) in the preview to see the page.
            </p>
          ) : null}

          <div className={css.pageActions}>
            {entry.status === 'overridden' ? (
              <button
                type="button"
                id={ids.reset}
                className={`${styles.button} ${styles.secondary}`}
                onClick={() => pageAction('reset')}
              >
                Reset to template
              </button>
            ) : null}
            {entry.status === 'removed' ? (
              <button type="button" id={ids.restore} className={styles.button} onClick={() => pageAction('restore')}>
                Restore page
              </button>
            ) : (
              <button
                type="button"
                id={ids.remove}
                className={`${styles.button} ${css.danger}`}
                onClick={() => pageAction('remove')}
              >
                Remove page
              </button>
            )}
          </div>
          {confirming?.route === route ? (
            <div className={css.confirm} role="group" aria-labelledby={`${baseId}-confirm`}>
              <p id={`${baseId}-confirm`}>
                {confirming.action === 'reset'
                  ? 'Discard this site’s changes to this page and use the template’s page again?'
                  : entry.status === 'own'
                    ? 'Remove this page and its blocks from this site?'
                    : 'Remove this page from this site? This site’s changes to it are discarded.'}
              </p>
              <div className={css.pageActions}>
                <button
                  type="button"
                  className={`${styles.button} ${css.danger}`}
                  onClick={() => pageAction(confirming.action)}
                >
                  {confirming.action === 'reset' ? 'Yes, reset to template' : 'Yes, remove page'}
                </button>
                <button
                  type="button"
                  id={ids.confirmNo}
                  className={`${styles.button} ${styles.secondary}`}
                  onClick={cancelConfirm}
                >
                  {confirming.action === 'reset' ? 'Keep this site’s copy' : 'Keep page'}
                </button>
              </div>
            </div>
          ) : null}

          {otherPageIssues.length ? <IssueList issues={otherPageIssues} label="Problems with this page" /> : null}

          {entry.status === 'removed' ? null : (
            <>
              <div className={styles.field}>
                <label htmlFor={ids.title}>Page title</label>
                <input
                  id={ids.title}
                  type="text"
                  value={entry.page.title ?? ''}
                  aria-invalid={titleIssues.length ? true : undefined}
                  aria-describedby={`${ids.title}-hint${titleIssues.length ? ` ${ids.title}-issues` : ''}`}
                  onChange={(event) => changePage((route) => ({ type: 'set-title', route, title: event.target.value }))}
                />
                <p id={`${ids.title}-hint`} className={styles.hint}>
                  Shown in the browser tab and in search results; {'{site}'} is replaced by the site’s name.
                </p>
                <FieldIssues id={`${ids.title}-issues`} issues={titleIssues} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${baseId}-description`}>Description for search engines</label>
                <textarea
                  id={`${baseId}-description`}
                  className={css.textarea}
                  rows={2}
                  value={entry.page.description ?? ''}
                  aria-invalid={descriptionIssues.length ? true : undefined}
                  aria-describedby={descriptionIssues.length ? `${baseId}-description-issues` : undefined}
                  onChange={(event) =>
                    changePage((route) => ({ type: 'set-description', route, text: event.target.value }))
                  }
                />
                <FieldIssues id={`${baseId}-description-issues`} issues={descriptionIssues} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${baseId}-kind`}>{kindField.title}</label>
                <select
                  id={`${baseId}-kind`}
                  value={entry.page.kind ?? ''}
                  aria-invalid={kindIssues.length ? true : undefined}
                  aria-describedby={`${baseId}-kind-hint${kindIssues.length ? ` ${baseId}-kind-issues` : ''}`}
                  onChange={(event) =>
                    changePage((route) => ({ type: 'set-kind', route, kind: event.target.value || undefined }))
                  }
                >
                  {templateKind ? null : (
                    <option value="">
                      {fromBlocks
                        ? `From its blocks: ${PAGE_KIND_LABELS[fromBlocks]}`
                        : 'From its blocks: none fits (see the problems)'}
                    </option>
                  )}
                  {kindField.choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
                <p id={`${baseId}-kind-hint`} className={styles.hint}>
                  {kindField.description}
                  {templateKind ? ' The template sets this page’s kind, so it can be changed but not left empty.' : ''}
                </p>
                <FieldIssues id={`${baseId}-kind-issues`} issues={kindIssues} />
              </div>

              <section className={css.blocksSection} aria-labelledby={`${baseId}-blocks`}>
                <h4 id={`${baseId}-blocks`} className={css.blocksHeading}>
                  Blocks
                </h4>
                <p className={styles.hint}>
                  The page shows its blocks in this order. Move a block with its Up and Down buttons, or drag it by its
                  handle.
                </p>
                {removed?.route === route ? (
                  <p className={`${styles.notice} ${css.undo}`}>
                    <span>{removed.name} was removed.</span>
                    <button type="button" className={styles.linkButton} onClick={undoRemove}>
                      Undo
                    </button>
                  </p>
                ) : null}
                {blocks.length ? (
                  <ol className={css.blocks}>
                    {blocks.map((block, index) => {
                      const key = keys[index] ?? `${route}#${index}`;
                      return (
                        <BlockCard
                          key={key}
                          blockKey={key}
                          domId={ids.card(key)}
                          index={index}
                          isLast={index === blocks.length - 1}
                          block={block}
                          type={typesByName.get(block.type)}
                          bundle={bundle}
                          issues={issues}
                          pointer={blockPointer(route, index)}
                          expanded={expanded.has(key)}
                          context={context}
                          currentPromotion={currentPromotion}
                          dragging={drag?.key === key}
                          dropMark={drag?.over?.key === key ? (drag.over.after ? 'after' : 'before') : undefined}
                          actions={actions}
                        />
                      );
                    })}
                  </ol>
                ) : (
                  <p className={css.empty}>This page has no blocks yet.</p>
                )}
                <button
                  type="button"
                  id={ids.addBlock}
                  className={styles.button}
                  aria-haspopup="dialog"
                  onClick={() => openPicker(ids.addBlock)}
                >
                  Add block
                </button>
              </section>
            </>
          )}
        </section>
      ) : (
        <section className={css.detail}>
          <p>This site has no pages yet. Add one with “Add page”.</p>
        </section>
      )}

      {picker ? (
        <BlockPicker
          baseId={baseId}
          where={picker.where}
          catalogue={pickable.types}
          note={pickable.note}
          onChoose={choose}
          onClose={closePicker}
        />
      ) : null}
      <p role="status" className={css.visuallyHidden}>
        {announcement}
      </p>
    </div>
  );
}
