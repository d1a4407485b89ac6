import { describe, expect, it } from 'vitest';
import { COALESCE_MS, LIMIT, canRedo, canUndo, editHistory, startHistory, undoKey } from './edit-history';

const doc = (name: string) => ({ name });

describe('editHistory: undo and redo across an editing session (issue 32)', () => {
  it('a change far from the last is its own step; undo and redo walk them', () => {
    let h = startHistory(doc('a'));
    expect(canUndo(h)).toBe(false);
    h = editHistory(h, { type: 'record', document: doc('b'), at: 0 });
    h = editHistory(h, { type: 'record', document: doc('c'), at: COALESCE_MS * 5 });
    expect(h.past.map((d) => d.name)).toEqual(['a', 'b']);
    h = editHistory(h, { type: 'undo' });
    expect(h.present.name).toBe('b');
    h = editHistory(h, { type: 'undo' });
    expect(h.present.name).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(editHistory(h, { type: 'undo' })).toBe(h);
    h = editHistory(h, { type: 'redo' });
    h = editHistory(h, { type: 'redo' });
    expect(h.present.name).toBe('c');
    expect(canRedo(h)).toBe(false);
    expect(editHistory(h, { type: 'redo' })).toBe(h);
  });

  it('typing (changes closer than COALESCE_MS) is one step', () => {
    let h = startHistory(doc(''));
    'Hello'.split('').forEach((_, i) => {
      h = editHistory(h, { type: 'record', document: doc('Hello'.slice(0, i + 1)), at: i * 150 });
    });
    expect(h.present.name).toBe('Hello');
    expect(h.past.map((d) => d.name)).toEqual(['']);
    expect(editHistory(h, { type: 'undo' }).present.name).toBe('');
  });

  it('a separate change never joins the step before it, and the next change does not join it', () => {
    let h = startHistory(doc('a'));
    h = editHistory(h, { type: 'record', document: doc('b'), at: 0 });
    h = editHistory(h, { type: 'record', document: doc('c'), at: 10, separate: true });
    h = editHistory(h, { type: 'record', document: doc('d'), at: 20 });
    expect(h.past.map((d) => d.name)).toEqual(['a', 'b', 'c']);
  });

  it('a change after an undo starts a new step and drops what could be redone', () => {
    let h = startHistory(doc('a'));
    h = editHistory(h, { type: 'record', document: doc('b'), at: 0 });
    h = editHistory(h, { type: 'undo' });
    h = editHistory(h, { type: 'record', document: doc('x'), at: 100 });
    expect(h.past.map((d) => d.name)).toEqual(['a']);
    expect(h.present.name).toBe('x');
    expect(canRedo(h)).toBe(false);
  });

  it('recording the very document it holds changes nothing', () => {
    const h = startHistory(doc('a'));
    expect(editHistory(h, { type: 'record', document: h.present, at: 0 })).toBe(h);
  });

  it(`keeps the last ${LIMIT} steps`, () => {
    let h = startHistory(doc('0'));
    for (let i = 1; i <= LIMIT + 20; i += 1)
      h = editHistory(h, { type: 'record', document: doc(String(i)), at: i * COALESCE_MS * 2 });
    expect(h.past).toHaveLength(LIMIT);
    expect(h.past[0]?.name).toBe('20');
  });

  it('reset starts again from a document with no steps back', () => {
    let h = startHistory(doc('a'));
    h = editHistory(h, { type: 'record', document: doc('b'), at: 0 });
    h = editHistory(h, { type: 'reset', document: doc('r') });
    expect(h).toEqual(startHistory(doc('r')));
  });
});

describe('undoKey', () => {
  const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
    undoKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, anything else is not ours', () => {
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('z', { metaKey: true })).toBe('undo');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(press('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(press('y', { ctrlKey: true })).toBe('redo');
    expect(press('z')).toBeNull();
    expect(press('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(press('a', { ctrlKey: true })).toBeNull();
  });
});
