/**
 * Shared by the Pages tab's editor and its block cards: the problem count in words and the
 * actions a card calls back.
 */
import type { BlockDoc, JsonObject } from '../editor-types';

export const problems = (count: number): string => `${count} ${count === 1 ? 'problem' : 'problems'}`;

/** What the block cards call back; one object for the editor's lifetime, so the cards' memo holds. */
export interface BlockActions {
  move(key: string, to: number, via: 'up' | 'down' | 'drag'): void;
  remove(key: string): void;
  toggle(key: string): void;
  addBelow(key: string, openerId: string): void;
  changeProps(key: string, props: JsonObject): void;
  changeBlock(key: string, change: (block: BlockDoc) => BlockDoc): void;
  dragStart(key: string): void;
  dragOver(key: string, after: boolean): void;
  drop(): void;
  dragEnd(): void;
}
