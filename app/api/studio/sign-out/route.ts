/** POST /api/studio/sign-out: the Studio's sign-out form (studio/api/sign-out-route.ts). Never cached. */
import { handleSignOut } from '@/studio/api/sign-out-route';

export const dynamic = 'force-dynamic';

export const POST = handleSignOut;
