// spec: catalogue §9 — manufacturer names are normalised on import.
export const MANUFACTURER_ALIASES: Readonly<Record<string, string>> = {
  'suzuki australia': 'Suzuki',
  'mercedes benz': 'Mercedes-Benz',
  'isuzu ute': 'Isuzu',
};

// spec: catalogue §9 — Mazda and MG models that are single digits become 'Mazda2', 'MG3'.
const SINGLE_DIGIT_MODEL_MAKES: Readonly<Record<string, string>> = { mazda: 'Mazda', mg: 'MG' };

export function normaliseMake(make: string): string {
  const trimmed = make.trim().replace(/\s+/g, ' ');
  return MANUFACTURER_ALIASES[trimmed.toLowerCase()] ?? trimmed;
}

export function normaliseModel(make: string, model: string): string {
  const trimmed = model.trim().replace(/\s+/g, ' ');
  const prefix = SINGLE_DIGIT_MODEL_MAKES[normaliseMake(make).toLowerCase()];
  return prefix && /^\d$/.test(trimmed) ? `${prefix}${trimmed}` : trimmed;
}

/** Applies the import normalisations to a car record (returns a new object). */
export function normaliseVehicle<T extends { make: string; model: string }>(car: T): T {
  const make = normaliseMake(car.make);
  return { ...car, make, model: normaliseModel(car.make, car.model) };
}
