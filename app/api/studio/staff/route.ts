/** POST /api/studio/staff: an admin adds a staff member (studio/api/staff-route.ts). Never cached; other methods are a 405. */
import { handleAddStaff } from '@/studio/api/staff-route';

export const dynamic = 'force-dynamic';

export const GET = handleAddStaff;
export const POST = handleAddStaff;
export const PUT = handleAddStaff;
export const PATCH = handleAddStaff;
export const DELETE = handleAddStaff;
