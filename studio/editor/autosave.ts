/**
 * When the editor saves its draft (issue 32). A save stringifies and sends the whole document, and
 * its answer refreshes the preview: work that, done between the keys of someone typing, is felt as
 * lag. So the draft is saved once the changes pause for AUTOSAVE_QUIET_MS, and while they keep coming
 * (steady typing, or a form reporting its defaults as it remounts) no later than AUTOSAVE_MAX_MS
 * after the first change not yet saved, so it never stays "Unsaved changes…".
 */
export const AUTOSAVE_QUIET_MS = 350;
export const AUTOSAVE_MAX_MS = 2000;

/** How long from `now` (a change) to wait before saving, when the oldest unsaved change was at `firstUnsaved`. */
export function autosaveDelay(now: number, firstUnsaved: number): number {
  return Math.min(AUTOSAVE_QUIET_MS, Math.max(0, firstUnsaved + AUTOSAVE_MAX_MS - now));
}
