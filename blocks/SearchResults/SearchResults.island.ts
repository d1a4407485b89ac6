'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const ResultsRegion = dynamic(() => import('./SearchResults.client').then((m) => m.ResultsRegion));
export const SearchFilters = dynamic(() => import('./SearchResults.client').then((m) => m.SearchFilters));
export const SearchProvider = dynamic(() => import('./SearchResults.client').then((m) => m.SearchProvider));
export const SortSelect = dynamic(() => import('./SearchResults.client').then((m) => m.SortSelect));
