import type { StaffRole } from '../../domain/studio/roles';

/** How the Studio names each role to the people who hold them. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'admin',
  'group-editor': 'group editor',
  'site-editor': 'site editor',
};
