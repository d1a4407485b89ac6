'use client';

import { atom, type WritableAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** catalogue §3 Favourite entry (stored locally). */
export interface FavouriteEntry {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url?: string;
}

/** catalogue §3 Viewed-car record (stored locally). */
export interface ViewedCar {
  id: number;
  stocknum?: string;
  make: string;
  model: string;
  body?: string;
  simple_body?: string;
}

export const VIEWED_LIMIT = 20;

type StorageArea = 'localStorage' | 'sessionStorage';
/** The string storage jotai's createJSONStorage reads and writes (its SyncStringStorage). */
interface StringStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: string | null) => void) => (() => void) | undefined;
}

/**
 * The browser's local or session storage as jotai's createJSONStorage reads it, made safe: where
 * storage is switched off (some private modes throw on access) or full, the value lives only in
 * the atom and the page carries on. Other tabs' changes arrive through the storage event.
 */
function browserArea(name: StorageArea): StringStorage {
  const area = (): Storage | undefined => {
    try {
      return typeof window === 'undefined' ? undefined : window[name];
    } catch {
      return undefined;
    }
  };
  return {
    getItem: (key) => {
      try {
        return area()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        area()?.setItem(key, value);
      } catch {
        // Full or switched off: the value stays in the atom for this page view.
      }
    },
    removeItem: (key) => {
      try {
        area()?.removeItem(key);
      } catch {
        // Switched off: nothing was stored.
      }
    },
    subscribe: (key, callback) => {
      if (typeof window === 'undefined') return undefined;
      const listener = (event: StorageEvent) => {
        if (event.key === key && event.storageArea === area()) callback(event.newValue);
      };
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
  };
}

const AREAS: Record<StorageArea, StringStorage> = {
  localStorage: browserArea('localStorage'),
  sessionStorage: browserArea('sessionStorage'),
};

/** A value or an update from the stored value, as a stored atom is written. */
export type StoredUpdate<T> = T | ((stored: T) => T);
export type StoredAtom<T> = WritableAtom<T, [StoredUpdate<T>], void>;

/**
 * A value kept as JSON in browser storage under `key`, through jotai's atomWithStorage. It is read
 * when a component mounts it (jotai's default), so the server's HTML and the first client render
 * agree (no hydration mismatch) and a stored value shows right after. `clean` turns whatever the
 * storage holds (an older shape, a hand edit) into a usable value.
 *
 * An update function starts from what is stored, not from the atom: an atom no component has
 * mounted still holds its initial value, and adding to that would wipe the stored list.
 */
export function storedAtom<T>(
  area: StorageArea,
  key: string,
  initial: T,
  clean: (stored: unknown, initial: T) => T,
): StoredAtom<T> {
  const json = createJSONStorage<unknown>(() => AREAS[area]);
  const storage = {
    getItem: (name: string, fallback: T): T => clean(json.getItem(name, fallback), fallback),
    setItem: (name: string, value: T) => json.setItem(name, value),
    removeItem: (name: string) => json.removeItem(name),
    // Another tab's change arrives parsed: cleaned like a read.
    subscribe: (name: string, callback: (value: T) => void, fallback: T) =>
      json.subscribe?.(name, (value) => callback(clean(value, fallback)), fallback),
  };
  const stored = atomWithStorage<T>(key, initial, storage);
  return atom(
    (get) => get(stored),
    (get, set, update: StoredUpdate<T>) => {
      if (typeof update !== 'function') return set(stored, update);
      // Nothing stored (or storage off): the atom's own value is the truth.
      const current = storage.getItem(key, get(stored));
      set(stored, (update as (stored: T) => T)(current));
    },
  );
}

/**
 * One atom per site and kind. Atoms are definitions: their values live in each request's Provider
 * store, so sharing the definition shares nothing between shoppers; a browser only ever sees one
 * site, and a server no more than the sites it serves.
 */
export function perSite<A>(make: (site: string) => A): (site: string) => A {
  const made = new Map<string, A>();
  return (site) => {
    let found = made.get(site);
    if (found === undefined) {
      found = make(site);
      made.set(site, found);
    }
    return found;
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored list, or the initial one when what is stored is not a list. */
export const listOf = <T>(stored: unknown, initial: T[]): T[] => (Array.isArray(stored) ? (stored as T[]) : initial);

// Per-site keys: two dealer sites on one browser keep their own lists (the same keys as ever, so
// what a visitor saved before stays theirs).
export const favouritesAtom = perSite((site) =>
  storedAtom<FavouriteEntry[]>('localStorage', `favourites:${site}`, [], listOf),
);
export const viewedAtom = perSite((site) => storedAtom<ViewedCar[]>('localStorage', `viewed:${site}`, [], listOf));

export interface Toast {
  id: number;
  title: string;
  body?: string;
  /** A link in the toast, e.g. 'View List' (catalogue §8). */
  action?: { label: string; href: string };
}

/** conversion §4.8 — the toast queue keeps one toast at a time. */
export const toastAtom = atom<Toast | undefined>(undefined);
