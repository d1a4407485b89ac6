/**
 * Mobile numbers for accounts and the watchlist, kept in E.164 form (+614…, +642…) so one number
 * is one account however it was typed. Local forms are read in the site's country: 04xx xxx xxx in
 * Australia, 02x xxx xxxx in New Zealand. Either country's international form is accepted anywhere.
 */
export type Country = 'AU' | 'NZ';

const AU_E164 = /^\+614\d{8}$/;
const NZ_E164 = /^\+642\d{7,9}$/;

export function normaliseMobile(value: string, country: Country = 'AU'): string | undefined {
  const compact = value.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  let e164: string;
  if (compact.startsWith('+')) e164 = compact;
  else if (compact.startsWith('61') || compact.startsWith('64')) e164 = `+${compact}`;
  else if (compact.startsWith('0')) e164 = `${country === 'NZ' ? '+64' : '+61'}${compact.slice(1)}`;
  else return undefined;
  return AU_E164.test(e164) || NZ_E164.test(e164) ? e164 : undefined;
}

/** True for a mobile number already in the stored (E.164) form. */
export function isMobileNumber(value: string): boolean {
  return normaliseMobile(value) === value;
}

export const MOBILE_MESSAGE = 'Enter a mobile number, e.g. 0412 345 678.';
