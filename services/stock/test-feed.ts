/**
 * The smallest valid feed car for tests (schemas/feed.schema.json), at dealership 1: a 2022 used
 * Mazda CX-5 in stock for $30,000, with `extra` fields over it.
 */
export function feedCar(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    slug: `car-${id}`,
    make: 'Mazda',
    model: 'CX-5',
    year: 2022,
    car_type: 'used',
    status: 'in_stock',
    price: 30_000,
    dealership_id: 1,
    ...extra,
  };
}
