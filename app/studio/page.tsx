/** `/` on the Studio's host: the sites the signed-in staff member may edit. Per request, never cached. */
import type { Metadata } from 'next';
import { SiteListScreen } from '@/studio/screens/SiteListScreen';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sites' };

export default function StudioHome() {
  return <SiteListScreen />;
}
