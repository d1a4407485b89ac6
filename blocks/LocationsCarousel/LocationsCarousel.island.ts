'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const CarouselTrack = dynamic(() => import('./LocationsCarousel.client').then((m) => m.CarouselTrack));
