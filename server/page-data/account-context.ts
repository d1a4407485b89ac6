import { cache } from 'react';
import { headers } from 'next/headers';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { sessionUser, type AccountUser } from '../../services/auth/session';

/** The signed-in shopper of this request, looked up once however many blocks (and the page gate) ask. */
export const requestUser = cache(async (tenant: ResolvedTenant): Promise<AccountUser | undefined> =>
  sessionUser(tenant, await headers()),
);
