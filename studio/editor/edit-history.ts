/**
 * Undo and redo across a Studio editing session (issue 32), as a pure reducer: every document the
 * editor holds goes through `record`, and `undo`/`redo` step back and forth. A burst of changes
 * (typing a heading, dragging a colour) is one step: a change within `COALESCE_MS` of the last one
 * joins its step, unless the step was just undone or redone, or the change says it stands alone
 * (`separate`: a block added, a draft discarded). The session keeps its last `LIMIT` steps.
 *
 * The documents are the editor's own immutable values (each change makes a new object), so a step
 * costs a reference, not a copy.
 */
import type { JsonObject } from './editor-types';

/** Changes closer together than this are one step (a typed word, not each letter). */
export const COALESCE_MS = 1000;
/** How many steps back a session can go. */
export const LIMIT = 100;

export interface EditHistory {
  /** Older documents, oldest first; the last is what Undo brings back. */
  readonly past: readonly JsonObject[];
  readonly present: JsonObject;
  /** Undone documents, the next Redo first. */
  readonly future: readonly JsonObject[];
  /** When `present` was last changed by a recorded change (ms), or null after an undo or redo. */
  readonly lastAt: number | null;
}

export type EditAction =
  | { type: 'record'; document: JsonObject; at: number; separate?: boolean }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A document the session starts again from (the server's, after a restore): no steps back. */
  | { type: 'reset'; document: JsonObject };

export const startHistory = (document: JsonObject): EditHistory => ({
  past: [],
  present: document,
  future: [],
  lastAt: null,
});

export const canUndo = (history: EditHistory): boolean => history.past.length > 0;
export const canRedo = (history: EditHistory): boolean => history.future.length > 0;

export function editHistory(history: EditHistory, action: EditAction): EditHistory {
  switch (action.type) {
    case 'record': {
      if (action.document === history.present) return history;
      const joins =
        !action.separate &&
        history.lastAt !== null &&
        action.at - history.lastAt < COALESCE_MS &&
        history.past.length > 0;
      const past = joins ? history.past : [...history.past, history.present].slice(-LIMIT);
      return { past, present: action.document, future: [], lastAt: action.separate ? null : action.at };
    }
    case 'undo': {
      const previous = history.past.at(-1);
      if (previous === undefined) return history;
      return {
        past: history.past.slice(0, -1),
        present: previous,
        future: [history.present, ...history.future],
        lastAt: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (next === undefined) return history;
      return { past: [...history.past, history.present], present: next, future: rest, lastAt: null };
    }
    case 'reset':
      return startHistory(action.document);
  }
}

/** Which key press is Undo or Redo (Ctrl on Windows and Linux, Cmd on a Mac; Ctrl+Y redoes too). */
export function undoKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
