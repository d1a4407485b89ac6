'use client';

import { isRecord, listOf, perSite, storedAtom } from './store';

/** conversion §3 Stored user details: what a shopper typed once prefills later forms in this browser. */
export const USER_DETAIL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;
export type UserDetails = Partial<Record<(typeof USER_DETAIL_FIELDS)[number], string>>;

/** The known fields that hold text; anything else a stored value carries is dropped. */
function userDetailsOf(value: unknown): UserDetails {
  if (!isRecord(value)) return {};
  return Object.fromEntries(USER_DETAIL_FIELDS.flatMap((f) => (typeof value[f] === 'string' ? [[f, value[f]]] : [])));
}

/** The stored details with what was just sent on top (empty answers never erase a stored one). */
export function withUserDetails(saved: UserDetails, values: Readonly<Record<string, unknown>>): UserDetails {
  const details: UserDetails = { ...saved };
  for (const f of USER_DETAIL_FIELDS) {
    const value = values[f];
    if (typeof value === 'string' && value) details[f] = value;
  }
  return details;
}

/** This site's stored user details (localStorage `user-details:{site}`), {} until the browser has read them. */
export const userDetailsAtom = perSite((site) =>
  storedAtom<UserDetails>('localStorage', `user-details:${site}`, {}, userDetailsOf),
);

/** The success marker the /success page reads (conversion §4.1: 'saves a success marker'). */
export interface SuccessMarker {
  leadId: number;
  form: string;
  title: string;
  name?: string;
  car?: { name: string; slug: string };
  at: string;
}

const successMarkerOf = (value: unknown): SuccessMarker | null =>
  isRecord(value) && typeof value.leadId === 'number' && typeof value.title === 'string'
    ? (value as unknown as SuccessMarker)
    : null;

/** The marker of this visit's last enquiry (sessionStorage `enquiry-success:{site}`); null until read, or when there is none. */
export const successMarkerAtom = perSite((site) =>
  storedAtom<SuccessMarker | null>('sessionStorage', `enquiry-success:${site}`, null, successMarkerOf),
);

/** A car this browser enquired about (conversion §4.1: 'stores the car'). */
export interface EnquiredCar {
  id: number;
  name: string;
  slug: string;
  at: string;
}

const ENQUIRED_LIMIT = 20;

/** The list with `car` first (once), the newest 20 kept. */
export function withEnquiredCar(
  list: readonly EnquiredCar[],
  car: { id: number; name: string; slug: string },
  now: Date,
): EnquiredCar[] {
  return [{ ...car, at: now.toISOString() }, ...list.filter((c) => c.id !== car.id)].slice(0, ENQUIRED_LIMIT);
}

/** The cars this browser enquired about on the site (localStorage `enquired:{site}`), newest first. */
export const enquiredCarsAtom = perSite((site) =>
  storedAtom<EnquiredCar[]>('localStorage', `enquired:${site}`, [], listOf),
);
