/**
 * The dealer phone on the vehicle page (catalogue §4), masked until clicked. Pure.
 */

// spec: catalogue §4 dealer phone — masked after the first 5 characters until clicked.
export const PHONE_VISIBLE_CHARS = 5;
export const PHONE_MASK_CHAR = 'X';

/**
 * spec: catalogue §4 dealer phone — the first 5 characters stay; after them every digit becomes
 * 'X' while spaces, brackets and other punctuation stay, so the masked number keeps its length and
 * shape: '(02) 9555 0100' -> '(02) XXXX XXXX'. Surrounding white space is trimmed first.
 */
export function maskPhone(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.slice(0, PHONE_VISIBLE_CHARS) + trimmed.slice(PHONE_VISIBLE_CHARS).replace(/\d/g, PHONE_MASK_CHAR);
}
