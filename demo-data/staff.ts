/**
 * The Tenant Studio's demo staff, one per role, seeded by `npm run seed` and printed by `npm run
 * demo`. The password is a demo fact like the demo sites' addresses: never used outside the demo
 * database, and a production server has no Studio on studio.localhost.
 */
import type { StaffRole } from '../domain/studio/roles';

export const DEMO_STAFF_PASSWORD = 'studio-demo-password';

export interface DemoStaff {
  email: string;
  name: string;
  role: StaffRole;
  groups: string[];
  sites: string[];
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { email: 'admin@studio.example', name: 'Ada Admin', role: 'admin', groups: [], sites: [] },
  { email: 'group@studio.example', name: 'Grace Group', role: 'group-editor', groups: ['southern-cross'], sites: [] },
  { email: 'site@studio.example', name: 'Sam Site', role: 'site-editor', groups: [], sites: ['harbour-city-mazda'] },
];
