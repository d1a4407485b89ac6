'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const HolidayHoursDialog = dynamic(() => import('./LocationDetail.client').then((m) => m.HolidayHoursDialog));
export const HoursPicker = dynamic(() => import('./LocationDetail.client').then((m) => m.HoursPicker));
export const LocationMap = dynamic(() => import('./LocationDetail.client').then((m) => m.LocationMap));
