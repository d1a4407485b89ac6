'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it; `loading` gives each island a Suspense
// boundary of its own, so the page hydrates without waiting for it (README: Client islands).
export const LocationsExplorer = dynamic(() => import('./LocationsExplorer.client').then((m) => m.LocationsExplorer), {
  loading: () => null,
});
