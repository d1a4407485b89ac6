/**
 * The street of an address without its number ('120 Botany Road' -> 'botany road'): conversion
 * §2.5 lets the shopper pick sales, service or parts "when a street has several location types",
 * and a dealer's yards on one street have different numbers.
 */
export function streetName(street: string | undefined | null): string | undefined {
  if (!street) return undefined;
  const name = street
    .toLowerCase()
    .replace(/^(shop|unit|suite|level)\s+[\w-]+\s*[,/]?\s*/, '')
    .replace(/^[\d\s/a-z-]*?\d+[a-z]?(-\d+[a-z]?)?[,\s]+/, '')
    .trim();
  return name || undefined;
}
