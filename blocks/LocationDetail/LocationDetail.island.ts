'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it; `loading` gives each island a Suspense
// boundary of its own, so the page hydrates without waiting for it (README: Client islands).
export const HolidayHoursDialog = dynamic(() => import('./LocationDetail.client').then((m) => m.HolidayHoursDialog), {
  loading: () => null,
});
export const HoursPicker = dynamic(() => import('./LocationDetail.client').then((m) => m.HoursPicker), {
  loading: () => null,
});
export const LocationMap = dynamic(() => import('./LocationDetail.client').then((m) => m.LocationMap), {
  loading: () => null,
});
