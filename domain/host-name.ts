/** Normalises a Host header: lower case, no port, no trailing dot. Undefined when it is not a host name. */
export function normaliseHost(host: string | null | undefined): string | undefined {
  if (!host) return undefined;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]+$/.test(name) ? name : undefined;
}

/**
 * Whether `<slug>.localhost` addresses a tenant: in development, or where the operator says so
 * (`ALLOW_LOCALHOST_TENANTS=1`: the demo and the tests). A production server answers only its
 * tenants' own domains, so its cookies are never set on a host name anyone's machine resolves.
 */
export function localhostTenantsAllowed(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.NODE_ENV === 'development' || env.ALLOW_LOCALHOST_TENANTS === '1';
}
