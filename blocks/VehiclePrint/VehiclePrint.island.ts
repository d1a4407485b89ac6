'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const DownloadPdfButton = dynamic(() => import('./VehiclePrint.client').then((m) => m.DownloadPdfButton));
