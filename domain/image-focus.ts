/**
 * An image reference's focal point (issue 33, the Studio's picture library): where the picture's
 * subject is, kept in view where a box of another shape cuts the picture (object-fit: cover). Apart
 * from domain/studio/picture-crop.ts because the shopper's pages apply it (components/ui/ServerImage).
 */

/** Where the picture's subject is, in percent across and down (50, 50 is the middle). */
export interface Focus {
  x: number;
  y: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A focal point as the stored reference keeps it: whole percent, 0 to 100, or undefined. */
export function focusOf(value: unknown): Focus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { x, y } = value as { x?: unknown; y?: unknown };
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  return { x: Math.round(clamp(x, 0, 100)), y: Math.round(clamp(y, 0, 100)) };
}

/** The CSS object-position of a focal point ("30% 60%"), or undefined to keep the middle. */
export function focusPosition(focus: unknown): string | undefined {
  const point = focusOf(focus);
  return point && (point.x !== 50 || point.y !== 50) ? `${point.x}% ${point.y}%` : undefined;
}
