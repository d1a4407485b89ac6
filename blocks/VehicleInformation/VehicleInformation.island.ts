'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const ExpandableItems = dynamic(() => import('./VehicleInformation.client').then((m) => m.ExpandableItems));
export const ExpandableRows = dynamic(() => import('./VehicleInformation.client').then((m) => m.ExpandableRows));
