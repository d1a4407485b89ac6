/** The per-request tree's tenant shell (theme, header, footer): see app/_tenant/tenant-layout.tsx. */
export { LiveTenantLayout as default, generateMetadata } from '@/app/_tenant/tenant-layout';
