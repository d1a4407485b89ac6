'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const MobileBar = dynamic(() => import('./VehicleMobileBar.client').then((m) => m.MobileBar));
export const StickyVehicleHeader = dynamic(() =>
  import('./VehicleMobileBar.client').then((m) => m.StickyVehicleHeader),
);
