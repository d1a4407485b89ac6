/** Request header the proxy sets to the resolved tenant slug (any incoming value is overwritten). */
export const TENANT_HEADER = 'x-platform-tenant';
