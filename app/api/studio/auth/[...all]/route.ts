/** /api/studio/auth/*: staff sign-in calls on the Studio's host (studio/api/staff-auth-route.ts). Never cached. */
import { handleStaffAuth } from '@/studio/api/staff-auth-route';

export const dynamic = 'force-dynamic';

export const GET = handleStaffAuth;
export const POST = handleStaffAuth;
