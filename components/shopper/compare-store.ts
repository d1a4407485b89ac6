'use client';

import { atom } from 'jotai';
import { cleanCompareList, compareStorageKey, type CompareEntry } from '../../domain/compare-list';
import { perSite, storedAtom } from './store';

/** The cars picked for comparison on this site, kept in the browser like favourites (catalogue §1, §6). */
export const compareAtom = perSite((site) =>
  storedAtom<CompareEntry[]>('localStorage', compareStorageKey(site), [], (stored) => cleanCompareList(stored)),
);

/**
 * What the shopper just did to the list, for the tray's polite live region: set by the buttons
 * themselves, so a list read from storage on arrival is not announced as news.
 */
export const compareNewsAtom = atom('');
