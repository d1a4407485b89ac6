'use client';

import dynamic from 'next/dynamic';

// This block's browser code, fetched only by pages that show it (README: Client islands).
export const TradeInFlow = dynamic(() => import('./TradeInValuation.client').then((m) => m.TradeInFlow));
