import type { AccountTenant } from './auth-instance';
import { authFor } from './auth-instance';

export interface AccountUser {
  id: string;
  name: string;
  /** Absent for an account made by SMS until the shopper adds an address. */
  email?: string;
  phoneNumber?: string;
}

/** The origin the shopper's browser used: the proxy already tied the host to this site. */
export function requestOrigin(headers: Headers): string {
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host') || 'localhost';
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

interface SessionShape {
  session: { id: string; site?: string | null };
  user: { id: string; name: string; email: string; phoneNumber?: string | null };
}

/**
 * The signed-in shopper of this site, or undefined. A session belongs to the site that created
 * it: the same account signed in on another site of its dealer group has another session there.
 */
export async function sessionUser(tenant: AccountTenant, headers: Headers): Promise<AccountUser | undefined> {
  if (!/(?:^|;\s*)(?:__Secure-)?account\.session_token=/.test(headers.get('cookie') ?? '')) return undefined;
  const auth = await authFor(tenant, requestOrigin(headers));
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
