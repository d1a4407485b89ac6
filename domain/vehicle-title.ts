/** spec: catalogue §2 — the title reads year, make, model, badge, series. */
export function vehicleTitle(car: {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  badge?: string | null;
  series?: string | null;
}): string {
  return [car.year, car.make, car.model, car.badge, car.series]
    .filter((part) => part !== undefined && part !== null && String(part).trim() !== '')
    .join(' ');
}
