import type { Migration } from './types';

/**
 * Version 4 drops the page-level `metadata` ('page' | 'vehicle' | 'location' | 'model'). Where a
 * page's title, description and canonical URL come from is now a fact of the block that shows
 * the subject (`x-metadata` in its schema.json: VehicleLayout, LocationDetail, ModelDetail), so a
 * page holding such a block gets it without saying so.
 */
export const pageMetadataFromBlocks: Migration = {
  from: 3,
  name: '003-page-metadata',
  up(doc) {
    const out: Record<string, unknown> = { ...doc, schemaVersion: 4 };
    if (isObject(doc.pages)) {
      out.pages = Object.fromEntries(
        Object.entries(doc.pages).map(([route, page]) => {
          if (!isObject(page) || !('metadata' in page)) return [route, page];
          const { metadata: _metadata, ...rest } = page;
          return [route, rest];
        }),
      );
    }
    return out;
  },
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
