/**
 * The Tenant Studio's pages (issue 16), reached only through the proxy's rewrite on STUDIO_HOST.
 * Every page is rendered per request for the signed-in staff member and never cached; the proxy
 * adds noindex, no-store and the security headers (server/http/studio-routing.ts).
 */
import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { StudioFrame } from '@/studio/screens/StudioFrame';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Tenant Studio', template: '%s · Tenant Studio' },
  robots: { index: false, follow: false },
};

export default function StudioLayout({ children }: { children: ReactNode }) {
  return <StudioFrame>{children}</StudioFrame>;
}
