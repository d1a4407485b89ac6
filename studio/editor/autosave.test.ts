import { describe, expect, it } from 'vitest';
import { AUTOSAVE_MAX_MS, AUTOSAVE_QUIET_MS, autosaveDelay } from './autosave';

describe('when the draft is saved (issue 32)', () => {
  it('a pause of 350 ms after the last change saves it', () => {
    expect(AUTOSAVE_QUIET_MS).toBe(350);
    expect(autosaveDelay(1000, 1000)).toBe(350);
    // Another key 100 ms later waits for its own pause.
    expect(autosaveDelay(1100, 1000)).toBe(350);
  });

  it('steady changes save it no later than 2 s after the first unsaved one', () => {
    expect(AUTOSAVE_MAX_MS).toBe(2000);
    expect(autosaveDelay(2800, 1000)).toBe(200);
    expect(autosaveDelay(3000, 1000)).toBe(0);
    expect(autosaveDelay(4500, 1000)).toBe(0);
  });
});
