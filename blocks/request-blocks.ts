import type { Block } from '../schemas/types.generated';
import type { BlockType } from './types';

/**
 * Blocks that read the request (its query string, or who is signed in): pages holding one are rendered per request.
 * Kept apart from the registry so the proxy can read it without loading any component.
 */
export const REQUEST_BLOCKS: ReadonlySet<BlockType> = new Set<BlockType>([
  'SearchResults',
  'PrintVehicle',
  'SignIn',
  'WatchlistCars',
  'AccountSummary',
  'OrderNowSummary',
]);

/** Whether this block reads the query string (a form about the car named by ?car_id= does). */
export function blockReadsRequest(block: Block): boolean {
  if (REQUEST_BLOCKS.has(block.type)) return true;
  if (block.type === 'ModelsListing') return block.props.bodyFilter !== false;
  if (block.type === 'EnquiryForm')
    return block.props.car === 'query' || Object.keys(block.props.prefill ?? {}).length > 0;
  return (
    (block.type === 'FinanceCalculator' || block.type === 'TradeInValuation' || block.type === 'ReserveCheckout') &&
    block.props.car === 'query'
  );
}
