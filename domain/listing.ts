// The listing rule itself (catalogue §9) is domain/search-scope.ts: every engine applies it.

export interface ListableCar {
  status: string;
}

/** spec: catalogue §4 — a car counts as available when status is in_stock or coming_soon. */
export function isAvailable(car: Pick<ListableCar, 'status'>): boolean {
  return car.status === 'in_stock' || car.status === 'coming_soon';
}
