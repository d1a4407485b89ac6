import type { BlockType } from './types';

/**
 * Blocks that read the request's query string: pages holding one are rendered per request.
 * Kept apart from the registry so the proxy can read it without loading any component.
 */
export const REQUEST_BLOCKS: ReadonlySet<BlockType> = new Set<BlockType>(['SearchResults', 'PrintVehicle']);
