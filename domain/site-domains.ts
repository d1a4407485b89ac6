/**
 * Which web addresses a tenant document may claim (issue 30, H1). A site is reached at its
 * `domains`, and the platform also answers the `www.` twin of each (www.x.com.au for x.com.au and
 * the reverse), so a domain is one site's together with its twin. Some names are never a dealer's:
 * `localhost` and `*.localhost` (development addresses of every site), the Studio's own host, the
 * platform's preview addresses, and IP addresses.
 */

/** The address with its `www.` added or taken away: x.com.au <-> www.x.com.au. */
export function wwwTwin(domain: string): string {
  return domain.startsWith('www.') ? domain.slice(4) : `www.${domain}`;
}

/** The platform's own names that no tenant document may claim. */
export interface ReservedNames {
  /** The Studio's host (STUDIO_HOST, or studio.localhost in development). */
  studioHost?: string | undefined;
  /** The parent of the preview addresses, `<slug>.<previewDomain>` (PREVIEW_DOMAIN). */
  previewDomain?: string | undefined;
}

const under = (name: string, parent: string) => name === parent || name.endsWith(`.${parent}`);

/**
 * Why a document may not list this domain whatever other sites hold, or undefined when it may.
 * Sentences in a site editor's words.
 */
export function reservedDomainRefusal(domain: string, reserved: ReservedNames): string | undefined {
  if (under(domain, 'localhost'))
    return `"${domain}" is a development address of the platform, not a web address of the dealer`;
  if (/^[0-9.]+$/.test(domain) || /\.[0-9]+$/.test(domain))
    return `"${domain}" is an IP address; list the dealer's web address (a name such as www.example.com.au)`;
  const names = [reserved.studioHost, reserved.studioHost ? wwwTwin(reserved.studioHost) : undefined];
  if (names.some((name) => name && domain === name)) return `"${domain}" is the Tenant Studio's address`;
  if (reserved.previewDomain && under(domain, reserved.previewDomain))
    return `"${domain}" is one of the platform's preview addresses`;
  return undefined;
}
