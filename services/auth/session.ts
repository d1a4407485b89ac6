import { getSessionCookie } from 'better-auth/cookies';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { localhostTenantsAllowed, normaliseHost } from '../../domain/host-name';
import { authFor, COOKIE_PREFIX, type AccountTenant } from './auth-instance';

export interface AccountUser {
  id: string;
  name: string;
  /** Absent for an account made by SMS until the shopper adds an address. */
  email?: string;
  phoneNumber?: string;
}

/**
 * The site's own origin for this request, from the Host header the proxy matched to the site:
 * one of the site's domains (https), or `<slug>.localhost[:port]` where those are served (http). Headers
 * a client can add (x-forwarded-host) are not read. Undefined for any other host.
 */
export function requestOrigin(tenant: Pick<ResolvedTenant, 'slug' | 'domains'>, headers: Headers): string | undefined {
  const host = headers.get('host')?.trim().toLowerCase() ?? '';
  const name = normaliseHost(host);
  if (!name) return undefined;
  if (tenant.domains.some((domain) => domain === name || `www.${domain}` === name || domain === `www.${name}`))
    return `https://${name}`;
  const port = /:(\d{1,5})$/.exec(host)?.[1];
  if (name === `${tenant.slug}.localhost` && localhostTenantsAllowed())
    return `http://${name}${port ? `:${port}` : ''}`;
  return undefined;
}

/**
 * Whether the request carries a session cookie, read by better-auth's own parser with the cookie
 * prefix the server sets (advanced.cookiePrefix), so the __Secure- name used on https counts and a
 * name that merely contains it does not. Only a cheap first test: the session itself is checked by getSession.
 */
export function hasSessionCookie(headers: Headers): boolean {
  return getSessionCookie(headers, { cookiePrefix: COOKIE_PREFIX }) !== null;
}

interface SessionShape {
  session: { id: string; site?: string | null };
  user: { id: string; name: string; email: string; phoneNumber?: string | null };
}

/**
 * The signed-in shopper of this site, or undefined. A session belongs to the site that created
 * it: the same account signed in on another site of its dealer group has another session there.
 */
export async function sessionUser(
  tenant: AccountTenant & Pick<ResolvedTenant, 'domains'>,
  headers: Headers,
): Promise<AccountUser | undefined> {
  if (!hasSessionCookie(headers)) return undefined;
  const origin = requestOrigin(tenant, headers);
  if (!origin) return undefined;
  const auth = await authFor(tenant, origin);
  const found = (await auth.api.getSession({ headers })) as SessionShape | null;
  if (!found || found.session.site !== tenant.slug) return undefined;
  const { user } = found;
  return {
    id: user.id,
    name: user.name,
    ...(user.email && !user.email.endsWith('@phone.invalid') ? { email: user.email } : {}),
    ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
  };
}
