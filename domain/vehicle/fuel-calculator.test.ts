import { describe, expect, it } from 'vitest';
import {
  FUEL_FALLBACK_L_PER_100KM,
  FUEL_KM_PER_WEEK,
  FUEL_PRICE_PER_LITRE,
  fuelConsumption,
  showsFuelCalculator,
  weeklyFuelCost,
} from './fuel-calculator';

describe('fuel calculator', () => {
  // spec: catalogue §9 — fuel calculator defaults: 1.70 per litre, 250 km per week, fallback 10 L/100 km.
  it('exports the defaults', () => {
    expect(FUEL_PRICE_PER_LITRE).toBe(1.7);
    expect(FUEL_KM_PER_WEEK).toBe(250);
    expect(FUEL_FALLBACK_L_PER_100KM).toBe(10);
  });

  // spec: catalogue §9 — cost = distance / 100 x consumption x price.
  it('computes the weekly cost rounded to cents', () => {
    expect(weeklyFuelCost({ kmPerWeek: 250, litresPer100km: 10, pricePerLitre: 1.7 })).toBe(42.5);
    expect(weeklyFuelCost({ kmPerWeek: 250, litresPer100km: 7.3, pricePerLitre: 1.7 })).toBe(31.03);
    expect(weeklyFuelCost({ kmPerWeek: 0, litresPer100km: 7.3, pricePerLitre: 1.7 })).toBe(0);
    expect(weeklyFuelCost({ kmPerWeek: Number.NaN, litresPer100km: 7.3, pricePerLitre: 1.7 })).toBe(0);
  });

  // spec: catalogue §9 — the car's combined consumption, else the fallback consumption.
  it("reads the variant's combined consumption", () => {
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: 7.3 } })).toBe(7.3);
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: '6.5' } })).toBe(6.5);
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: 0 } })).toBe(10);
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: 'n/a' } })).toBe(10);
    expect(fuelConsumption({ variant: null })).toBe(10);
    expect(fuelConsumption({})).toBe(10);
  });

  // spec: catalogue §5 — electric fuel cars hide the fuel calculator.
  it('hides the calculator for electric cars only', () => {
    expect(showsFuelCalculator({ simple_fuel: 'Electric' })).toBe(false);
    expect(showsFuelCalculator({ simple_fuel: 'electric', fuel: 'Electric' })).toBe(false);
    expect(showsFuelCalculator({ fuel: 'Electric' })).toBe(false);
    expect(showsFuelCalculator({ fuel: 'Battery Electric Vehicle' })).toBe(false);
    expect(showsFuelCalculator({ simple_fuel: 'Hybrid', fuel: 'Petrol/Electric Hybrid' })).toBe(true);
    expect(showsFuelCalculator({ simple_fuel: 'PHEV', fuel: 'Plug-in Electric/Petrol' })).toBe(true);
    expect(showsFuelCalculator({ fuel: 'Petrol - Electric' })).toBe(true);
    expect(showsFuelCalculator({ simple_fuel: 'Diesel' })).toBe(true);
    expect(showsFuelCalculator({})).toBe(true);
  });
});
