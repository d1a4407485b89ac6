/**
 * Point and edit (issue 33): the Studio's preview and the Studio talk by `postMessage`.
 *
 * The preview runs on the dealer's own origin, never the Studio's (a security property: nothing a
 * site's document puts on its pages runs where the Studio's session is). So the two windows share
 * nothing but messages, and each side takes a message only when
 * - it comes from the other side's exact origin (the preview address's, or the Studio's),
 * - it comes from the other side's very window (the frame the Studio made, or the preview's parent),
 * - it carries the preview token the frame was opened with (a frame the Studio no longer shows, or a
 *   page that guessed the origin, cannot speak for the preview), and
 * - its shape is exactly one of the messages below, with numbers in range and short strings.
 * Anything else is ignored without a word. Everything here is pure: the two halves
 * (components/preview/PreviewBridge.client.tsx and studio/editor/preview/preview-bridge.ts) call it.
 */

/** The `type` every message of this conversation carries (the header check's messages have their own). */
export const PREVIEW_BRIDGE_MESSAGE = 'studio:point-and-edit';

/** Where the preview was scrolled: a block and how far below the window's top its top was, or a plain offset. */
export type ScrollAnchor = { index: number; offset: number } | { y: number };

/** A block of a page: the page's route pattern (as the tenant document names it) and the block's index. */
export interface BlockPlace {
  route: string;
  index: number;
}

/** What the preview tells the Studio. */
export type FromPreview =
  /** The page has loaded (its route and number of blocks); the Studio answers with a `state`. */
  | { kind: 'ready'; route: string; blocks: number }
  /** A shopper-less click on a block: open its form. */
  | { kind: 'select'; route: string; index: number }
  /** "Add block here": open the block picker for position `at` of the page (0 = before the first block). */
  | { kind: 'add'; route: string; at: number }
  /** The page was scrolled (so a reload after the next save can come back to the same place). */
  | { kind: 'scrolled'; route: string; anchor: ScrollAnchor };

/** What the Studio tells the preview: the whole state the preview shows, never a partial change. */
export interface ToPreview {
  kind: 'state';
  /** Clicks select blocks (true), or the page works as a shopper's (false). */
  pick: boolean;
  /** The block being edited, outlined in the preview; null for none. */
  selected: BlockPlace | null;
  /** Scroll the selected block into view when it is not on screen (the editor chose it). */
  reveal: boolean;
  /** Where to scroll to once loaded (the place before the reload), if anywhere. */
  restore?: ScrollAnchor;
  /** How far the Studio scales the page down to fit its pane (0.1 to 1): the outlines' words are enlarged to match. */
  scale: number;
}

/** The message as sent: the conversation's type and the frame's token around either side's content. */
export type Envelope<T> = T & { type: typeof PREVIEW_BRIDGE_MESSAGE; token: string };

/** A window as far as these checks need it (compared by identity only). */
export type WindowLike = object;

/** What a receiving side knows about the other side. */
export interface Expected {
  /** The sender's exact origin, e.g. `https://harbour-city-mazda.preview.dealerplatform.com.au`. */
  origin: string;
  /** The sender's window: the frame's `contentWindow`, or `window.parent`. */
  source: WindowLike | null;
  /** The preview token of the frame. */
  token: string;
}

/** A received message as far as the checks need it (a `MessageEvent`'s fields). */
export interface Received {
  origin: string;
  source: unknown;
  data: unknown;
}

/** Route patterns are short paths (`/`, `/cars/:slug`); anything longer or stranger is not one. */
const MAX_ROUTE = 300;
/** More blocks than any page holds, and more pixels than any page is tall. */
const MAX_BLOCKS = 1000;
const MAX_PIXELS = 10_000_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIndex = (value: unknown, max = MAX_BLOCKS): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

const isPixels = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_PIXELS;

const isRoute = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && value.length <= MAX_ROUTE && !/[\s<>"']/.test(value);

function anchorOf(value: unknown): ScrollAnchor | undefined {
  if (!isRecord(value)) return undefined;
  if ('index' in value)
    return isIndex(value.index) && isPixels(value.offset) ? { index: value.index, offset: value.offset } : undefined;
  return isPixels(value.y) && value.y >= 0 ? { y: value.y } : undefined;
}

function placeOf(value: unknown): BlockPlace | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isRoute(value.route) || !isIndex(value.index)) return undefined;
  return { route: value.route, index: value.index };
}

/** Whether an event passes the origin, window and token checks (the shape is checked by each reader). */
function fromExpected(event: Received, expected: Expected): Record<string, unknown> | undefined {
  if (!expected.origin || !expected.token || expected.source === null) return undefined;
  if (event.origin !== expected.origin || event.source !== expected.source) return undefined;
  const { data } = event;
  if (!isRecord(data) || data.type !== PREVIEW_BRIDGE_MESSAGE || data.token !== expected.token) return undefined;
  return data;
}

/** The Studio's reading of a message from its preview frame; undefined for anything it must ignore. */
export function readFromPreview(event: Received, expected: Expected): FromPreview | undefined {
  const data = fromExpected(event, expected);
  if (!data || !isRoute(data.route)) return undefined;
  const route = data.route;
  switch (data.kind) {
    case 'ready':
      return isIndex(data.blocks) ? { kind: 'ready', route, blocks: data.blocks } : undefined;
    case 'select':
      return isIndex(data.index) ? { kind: 'select', route, index: data.index } : undefined;
    case 'add':
      return isIndex(data.at) ? { kind: 'add', route, at: data.at } : undefined;
    case 'scrolled': {
      const anchor = anchorOf(data.anchor);
      return anchor ? { kind: 'scrolled', route, anchor } : undefined;
    }
    default:
      return undefined;
  }
}

/** The preview's reading of a message from the Studio; undefined for anything it must ignore. */
export function readToPreview(event: Received, expected: Expected): ToPreview | undefined {
  const data = fromExpected(event, expected);
  if (!data || data.kind !== 'state' || typeof data.pick !== 'boolean' || typeof data.reveal !== 'boolean')
    return undefined;
  const { scale } = data;
  if (typeof scale !== 'number' || !(scale >= 0.1 && scale <= 1)) return undefined;
  const selected = placeOf(data.selected);
  if (selected === undefined) return undefined;
  const restore = data.restore === undefined ? undefined : anchorOf(data.restore);
  if (data.restore !== undefined && !restore) return undefined;
  return { kind: 'state', pick: data.pick, selected, reveal: data.reveal, scale, ...(restore ? { restore } : {}) };
}

/** A message ready to post, with the conversation's type and the frame's token. */
export function envelope<T extends FromPreview | ToPreview>(message: T, token: string): Envelope<T> {
  return { ...message, type: PREVIEW_BRIDGE_MESSAGE, token };
}

/**
 * The preview token in a preview page's own address (`/_preview/<token>/...`), or undefined on any
 * other page (the public site, where the bridge then does nothing).
 */
export function tokenInPreviewPath(pathname: string): string | undefined {
  const prefix = '/_preview/';
  if (!pathname.startsWith(prefix)) return undefined;
  const token = pathname.slice(prefix.length).split('/')[0];
  return token ? token : undefined;
}

/** Where to scroll so that a block whose top is `blockTop` (page pixels) sits `offset` below the window's top. */
export function scrollForAnchor(
  anchor: ScrollAnchor,
  blockTop: (index: number) => number | undefined,
): number | undefined {
  if ('y' in anchor) return anchor.y;
  const top = blockTop(anchor.index);
  return top === undefined ? undefined : Math.max(0, top - anchor.offset);
}
