import { createHash } from 'node:crypto';

/** What decides where an account is valid: the site itself, or its dealer group. */
export interface ScopeInput {
  slug: string;
  dealershipGroup?: string;
  accounts: { scope: 'tenant' | 'group' };
}

export interface AccountScope {
  /** `site:<slug>` or `group:<id>`: stored with watchlist rows. */
  id: string;
  /** Prefix of the scope's own auth tables, e.g. `acct_site_x_`. Safe as a SQL identifier part. */
  tablePrefix: string;
}

/**
 * Accounts live in tables of their own per scope, so an e-mail address is one account per site
 * (or per dealer group) and no query can reach another scope's users or sessions. A site that asks
 * for the group scope without belonging to a group keeps its own accounts.
 */
export function accountScope(tenant: ScopeInput): AccountScope {
  const group = tenant.accounts.scope === 'group' ? tenant.dealershipGroup : undefined;
  const id = group ? `group:${group}` : `site:${tenant.slug}`;
  let key = id.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  // PostgreSQL keeps 63 characters of a name; the longest table suffix is "rate_limit".
  if (key.length > 40) key = `${key.slice(0, 30)}_${createHash('sha256').update(id).digest('hex').slice(0, 8)}`;
  return { id, tablePrefix: `acct_${key}_` };
}
