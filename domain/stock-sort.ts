export type StockSort = 'latest' | 'lowestPrice' | 'highestPrice' | 'lowestKm';

interface Sortable {
  id: number;
  price: number;
  km?: number;
  created_at?: string;
}

/** Cars without a price sort after priced cars in price orders; ties fall back to id for a stable order. */
export function compareCars(sort: StockSort): (a: Sortable, b: Sortable) => number {
  const unpricedLast = (a: Sortable, b: Sortable) => Number(a.price <= 0) - Number(b.price <= 0);
  switch (sort) {
    case 'lowestPrice':
      return (a, b) => unpricedLast(a, b) || a.price - b.price || a.id - b.id;
    case 'highestPrice':
      return (a, b) => unpricedLast(a, b) || b.price - a.price || a.id - b.id;
    case 'lowestKm':
      return (a, b) => (a.km ?? Infinity) - (b.km ?? Infinity) || a.id - b.id;
    default:
      return (a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id - a.id;
  }
}
