/**
 * How much of a site's history the platform keeps (issue 30, M4: "versions have no limit"). Every
 * publish and restore stores the whole document (up to 512 KB) as a new version, and a site's
 * pictures stay stored while any version names them, so an unbounded history was unbounded storage.
 * A site keeps its newest KEPT_VERSIONS_PER_SITE versions (drafts included), and always the
 * version it serves and the draft being edited, however old; older ones are removed as new ones
 * are written. Pure.
 */

/** Years of ordinary editing (a few publishes a week); at most ~100 MB of documents per site. */
export const KEPT_VERSIONS_PER_SITE = 200;

/**
 * The versions to remove: of a site's version ids, those past the newest `keep` (by id, which
 * grows with time), except the ones the site points at (published, draft).
 */
export function versionsPastLimit(
  ids: readonly number[],
  kept: readonly (number | null | undefined)[],
  keep = KEPT_VERSIONS_PER_SITE,
): number[] {
  const pinned = new Set(kept.filter((id): id is number => typeof id === 'number'));
  return [...ids]
    .sort((a, b) => b - a)
    .slice(keep)
    .filter((id) => !pinned.has(id));
}

/** What the history screen says about the limit. */
export const HISTORY_LIMIT_TEXT = `The newest ${KEPT_VERSIONS_PER_SITE} versions of a site are kept, and always the published version and the draft.`;
