/** `/staff` on the Studio's host: the staff accounts and adding one, for admins only (403 for everyone else). Per request. */
import type { Metadata } from 'next';
import { StaffScreen } from '@/studio/screens/StaffScreen';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Staff' };

export default function StudioStaff() {
  return <StaffScreen />;
}
