'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const Viewer = dynamic(() => import('./VehicleGallery.client').then((m) => m.Viewer));
