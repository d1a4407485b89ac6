'use client';

import { atom } from 'jotai';
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

// Per-site keys: two dealer sites on one browser keep their own lists. Read after hydration
// (jotai's default), so the server's HTML and the first client render agree.
const storage = <T>() => createJSONStorage<T>(() => localStorage);
export const favouritesAtom = (site: string) =>
  atomWithStorage<FavouriteEntry[]>(`favourites:${site}`, [], storage<FavouriteEntry[]>());
export const viewedAtom = (site: string) => atomWithStorage<ViewedCar[]>(`viewed:${site}`, [], storage<ViewedCar[]>());

export interface Toast {
  id: number;
  title: string;
  body?: string;
  /** A link in the toast, e.g. 'View List' (catalogue §8). */
  action?: { label: string; href: string };
}

/** conversion §4.8 — the toast queue keeps one toast at a time. */
export const toastAtom = atom<Toast | undefined>(undefined);
