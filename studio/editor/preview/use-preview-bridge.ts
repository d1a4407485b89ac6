'use client';
/**
 * The Studio's half of point and edit (issue 33, domain/studio/preview-messages.ts). The preview
 * frame tells the editor which block was clicked or where a block is to be added; the editor tells
 * the frame which block it is editing and whether clicks select blocks. A message is taken only from
 * the preview address's exact origin, from the frame this pane made, with the token the frame was
 * opened with; the editor's messages go only to that origin and window, with that token.
 *
 * Where the page was scrolled is remembered per page, so the reload after each save comes back to
 * the same place: the edited block stays where it was on screen, even when a change above it moved it.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import {
  envelope,
  readFromPreview,
  type BlockPlace,
  type ScrollAnchor,
  type ToPreview,
} from '../../../domain/studio/preview-messages';

/** The block the editor is editing, and whether the preview should bring it on screen (the editor chose it). */
export type EditedBlock = BlockPlace & { reveal: boolean };

export interface PreviewBridgeOptions {
  frame: RefObject<HTMLIFrameElement | null>;
  /** The preview address's origin; null when this Studio has none. */
  origin: string | null;
  /** The token the frame shows; the conversation is only with a page opened with it. */
  token: string;
  /** False while the frame shows something other than the draft (an earlier version): nothing is selected from it. */
  editable: boolean;
  /** Clicks in the preview select blocks. */
  pick: boolean;
  selected: EditedBlock | null;
  /** How far the page is scaled down in the pane (the preview enlarges its outlines' words to match). */
  scale: number;
  onSelect(place: BlockPlace): void;
  onAdd(place: { route: string; at: number }): void;
}

/** Posts the editor's state to the frame, to the preview address's origin only (while the frame is between two pages, nothing receives it). */
function post(options: PreviewBridgeOptions, message: ToPreview): void {
  const target = options.frame.current?.contentWindow;
  if (!options.origin || !target) return;
  target.postMessage(envelope(message, options.token), options.origin);
}

/** The whole state the preview shows: the block being edited (outlined only while clicks select blocks). */
function stateOf(options: PreviewBridgeOptions, reveal: boolean, restore?: ScrollAnchor): ToPreview {
  const { pick, selected, editable, scale } = options;
  return {
    kind: 'state',
    pick: pick && editable,
    // Switched off, the page shows as a shopper sees it: no outline either.
    selected: selected && editable && pick ? { route: selected.route, index: selected.index } : null,
    reveal,
    scale: Math.min(1, Math.max(0.1, scale)),
    ...(restore ? { restore } : {}),
  };
}

export function usePreviewBridge(options: PreviewBridgeOptions): void {
  const { frame, origin, token, editable, pick, selected, scale } = options;
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // Where each page was scrolled (by route pattern), for the reload after the next save.
  const scrolled = useRef(new Map<string, ScrollAnchor>());

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const message = readFromPreview(event, { origin, source: frame.current?.contentWindow ?? null, token });
      if (!message) return;
      switch (message.kind) {
        case 'ready':
          post(latest.current, stateOf(latest.current, true, scrolled.current.get(message.route)));
          return;
        case 'scrolled':
          scrolled.current.set(message.route, message.anchor);
          return;
        case 'select':
          if (latest.current.editable) latest.current.onSelect({ route: message.route, index: message.index });
          return;
        case 'add':
          if (latest.current.editable) latest.current.onAdd({ route: message.route, at: message.at });
          return;
      }
    };
    window.addEventListener('message', onMessage);
    // The page may have said it was ready before the editor listened (both load at once): the state
    // goes to it now as well, and a page that is not listening yet says it is ready once it is.
    post(latest.current, stateOf(latest.current, false));
    return () => window.removeEventListener('message', onMessage);
  }, [origin, token, frame]);

  // The editor's choice reaches the frame as it changes.
  const route = selected?.route;
  const index = selected?.index;
  const reveal = selected?.reveal ?? false;
  useEffect(() => {
    post(latest.current, stateOf(latest.current, reveal));
  }, [route, index, reveal, pick, editable, scale, origin, token]);
}
