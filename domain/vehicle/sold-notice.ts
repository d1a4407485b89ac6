/**
 * The vehicle sidebar's sold notice (catalogue §4 availability). Pure.
 */

// spec: catalogue §4 availability — the sidebar's sold notice texts.
export const SOLD_NOTICE_TITLE = 'SOLD';
export const FIND_SIMILAR_TEXT = 'Find Me Something Similar';
export const SIMILAR_PROMPT = 'Like this and want something similar?';

/** spec: catalogue §4 availability — 'Unfortunately this {vehicle word} recently sold'. */
export function soldNotice(vehicleWord: string): string {
  return `Unfortunately this ${vehicleWord.trim() || 'car'} recently sold`;
}
