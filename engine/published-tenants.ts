/**
 * The tenant documents published in the platform database, as this process last saw them
 * (issue 16). server/background/tenant-sync.ts fills it from the tenant store and keeps it fresh
 * by polling the store's change stamp; the tenant registry lays it over the files. Pure engine
 * code: no I/O here, so the engine never reaches into services/.
 *
 * The snapshot lives on globalThis, not in this module: Next bundles the proxy (server/middleware.js),
 * instrumentation and the app routes separately, each with its own copy of this module, and all of
 * them must see the one snapshot the background task sets.
 */

/** One published version: what the store's PublishedTenant carries that the engine needs. */
export interface PublishedDocument {
  versionId: number;
  /** The document's JSON text, exactly as stored. */
  document: string;
}

export interface PublishedSnapshot {
  /** The store's change stamp this snapshot was read at ('' before the first load). */
  stamp: string;
  /** Counts every set in this process, so the registry cache can never confuse two snapshots. */
  generation: number;
  tenants: ReadonlyMap<string, PublishedDocument>;
}

const KEY = Symbol.for('dealer-platform.published-tenants');
const EMPTY: PublishedSnapshot = Object.freeze({ stamp: '', generation: 0, tenants: new Map() });

type Holder = { [KEY]?: PublishedSnapshot };

/** The published documents as last set (empty until the first load: every site is served from its file). */
export function publishedSnapshot(): PublishedSnapshot {
  return (globalThis as Holder)[KEY] ?? EMPTY;
}

/** Replaces the whole snapshot; a slug missing from `list` is served from its file again. */
export function setPublishedTenants(
  list: Iterable<{ slug: string; versionId: number; document: string }>,
  stamp: string,
): void {
  const tenants = new Map<string, PublishedDocument>();
  for (const { slug, versionId, document } of list) tenants.set(slug, { versionId, document });
  (globalThis as Holder)[KEY] = { stamp, generation: publishedSnapshot().generation + 1, tenants };
}
