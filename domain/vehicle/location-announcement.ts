/**
 * The vehicle page's announcement bar (catalogue §2): where the car is, when that is not the
 * primary dealership's city. Pure.
 */

const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * spec: catalogue §2 announcement bar — 'Located at {city}' when the car's location city differs
 * (trimmed, case-insensitive) from the primary dealership city. Nothing when either city is
 * unknown: without a primary city there is nothing to differ from.
 */
export function locatedAt(
  carCity: string | undefined | null,
  primaryCity: string | undefined | null,
): string | undefined {
  const city = text(carCity);
  const primary = text(primaryCity);
  if (!city || !primary || city.toLowerCase() === primary.toLowerCase()) return undefined;
  return `Located at ${city}`;
}

/**
 * The site's home city for the announcement: the tenant's override_city (conversion §3 Site
 * configuration) when set, else the primary dealership's city. A blank override counts as unset,
 * so an emptied field never makes every car "located" elsewhere.
 */
export function homeCity(
  overrideCity: string | undefined | null,
  primaryCity: string | undefined | null,
): string | undefined {
  return text(overrideCity) || text(primaryCity) || undefined;
}
