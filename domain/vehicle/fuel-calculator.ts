/**
 * The vehicle page's fuel calculator (catalogue §5, §9): its defaults, the weekly cost, the car's
 * consumption, and which cars hide it. Pure.
 */
import { positiveNumber } from './feed-number';

// spec: catalogue §9 — fuel calculator defaults: 1.70 per litre, 250 km per week, fallback 10 L/100 km.
export const FUEL_PRICE_PER_LITRE = 1.7;
export const FUEL_KM_PER_WEEK = 250;
export const FUEL_FALLBACK_L_PER_100KM = 10;

export interface FuelInputs {
  kmPerWeek: number;
  litresPer100km: number;
  pricePerLitre: number;
}

/** spec: catalogue §9 — cost = distance / 100 x consumption x price, rounded to cents; bad inputs give 0. */
export function weeklyFuelCost({ kmPerWeek, litresPer100km, pricePerLitre }: FuelInputs): number {
  const cost = (kmPerWeek / 100) * litresPer100km * pricePerLitre;
  return Number.isFinite(cost) && cost > 0 ? Math.round(cost * 100) / 100 : 0;
}

export interface FuelCar {
  fuel?: string | null;
  simple_fuel?: string | null;
  variant?: { fuelconsumptioncombined?: number | string | null } | null;
}

/** spec: catalogue §9 — the car's combined consumption (L/100 km) when positive, else the 10 L/100 km fallback. */
export function fuelConsumption(car: FuelCar): number {
  return positiveNumber(car.variant?.fuelconsumptioncombined) ?? FUEL_FALLBACK_L_PER_100KM;
}

/**
 * spec: catalogue §5 — electric fuel cars hide the fuel calculator. Electric means simple_fuel
 * 'Electric' (any case). Without a simple_fuel, a fuel text mentioning 'electric' counts unless it
 * also names a burnt fuel or hybrid ('Petrol/Electric Hybrid' still burns petrol). Hybrid and PHEV
 * cars keep the calculator.
 */
export function showsFuelCalculator(car: FuelCar): boolean {
  const simple = (car.simple_fuel ?? '').trim().toLowerCase();
  if (simple) return simple !== 'electric';
  const fuel = (car.fuel ?? '').toLowerCase();
  return !(fuel.includes('electric') && !/petrol|diesel|hybrid|phev|lpg|unleaded|gas/.test(fuel));
}
