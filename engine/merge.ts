/**
 * Resolution order (DESIGN.md): schema defaults -> template -> dealer group -> tenant. Later layers
 * win; objects merge key by key, arrays and scalars replace, and an explicit null replaces too
 * (a tenant can switch off a template page with `"/special-offers": null`).
 */
export function deepMerge(...layers: ReadonlyArray<Record<string, unknown> | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [key, value] of Object.entries(layer)) {
      const current = out[key];
      out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : clone(value);
    }
  }
  return out;
}

function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isPlainObject(value)) return deepMerge(value);
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
