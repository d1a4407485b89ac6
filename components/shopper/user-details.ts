'use client';

/** conversion §3 Stored user details: what a shopper typed once prefills later forms in this browser. */
export const USER_DETAIL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;
export type UserDetails = Partial<Record<(typeof USER_DETAIL_FIELDS)[number], string>>;

const key = (site: string) => `user-details:${site}`;

export function readUserDetails(site: string): UserDetails {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(site)) ?? '{}');
    if (!value || typeof value !== 'object') return {};
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      USER_DETAIL_FIELDS.flatMap((f) => (typeof record[f] === 'string' ? [[f, record[f]]] : [])),
    );
  } catch {
    return {};
  }
}

export function saveUserDetails(site: string, values: Readonly<Record<string, unknown>>): void {
  try {
    const details: UserDetails = { ...readUserDetails(site) };
    for (const f of USER_DETAIL_FIELDS) if (typeof values[f] === 'string' && values[f]) details[f] = values[f];
    localStorage.setItem(key(site), JSON.stringify(details));
  } catch {
    // Storage off: the next form simply starts empty.
  }
}

/** The success marker the /success page reads (conversion §4.1: 'saves a success marker'). */
export interface SuccessMarker {
  leadId: number;
  form: string;
  title: string;
  name?: string;
  car?: { name: string; slug: string };
  at: string;
}

const successKey = (site: string) => `enquiry-success:${site}`;

export function saveSuccessMarker(site: string, marker: SuccessMarker): void {
  try {
    sessionStorage.setItem(successKey(site), JSON.stringify(marker));
  } catch {
    // The success page falls back to its general thanks.
  }
}

export function readSuccessMarker(site: string): SuccessMarker | undefined {
  try {
    const text = sessionStorage.getItem(successKey(site));
    return text ? (JSON.parse(text) as SuccessMarker) : undefined;
  } catch {
    return undefined;
  }
}

/** The cars this browser enquired about (conversion §4.1: 'stores the car'). */
export function rememberEnquiredCar(site: string, car: { id: number; name: string; slug: string }): void {
  try {
    const k = `enquired:${site}`;
    const list = JSON.parse(localStorage.getItem(k) ?? '[]') as { id: number }[];
    localStorage.setItem(
      k,
      JSON.stringify([{ ...car, at: new Date().toISOString() }, ...list.filter((c) => c.id !== car.id)].slice(0, 20)),
    );
  } catch {
    // Nothing else depends on it.
  }
}
