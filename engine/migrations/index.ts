import type { JsonObject, Migration } from './types';
import { structuredContact } from './001-structured-contact';
import { pluginsSection } from './002-plugins';
import { pageMetadataFromBlocks } from './003-page-metadata';

/** Ordered: each migration takes documents of version `from` to `from + 1`. */
export const MIGRATIONS: readonly Migration[] = [structuredContact, pluginsSection, pageMetadataFromBlocks];

export const CURRENT_SCHEMA_VERSION = 4;

export interface MigrationResult {
  doc: JsonObject;
  applied: string[];
}

/**
 * Brings a stored document up to the current version. A document without a schemaVersion is
 * version 1 (the legacy format). A version newer than this code knows is left alone so that
 * validation reports it instead of guessing.
 */
export function migrate(input: JsonObject): MigrationResult {
  let doc = input;
  const applied: string[] = [];
  let version = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 1;
  for (const migration of MIGRATIONS) {
    if (migration.from !== version) continue;
    doc = migration.up(doc);
    applied.push(migration.name);
    version = migration.from + 1;
  }
  return { doc, applied };
}
