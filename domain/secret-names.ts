/**
 * The names of the server settings (environment variables) that hold a site's secrets (issue 30,
 * M1 and L3): a webhook destination's signing secret and the chat service's key. A tenant document
 * names the setting, never the secret; the name is bound to the site, so that the document of one
 * site can never make the platform use a platform secret (AUTH_SECRET, DATABASE_URL) or another
 * site's secret, and send it, or a signature made with it, to an address the document chooses.
 *
 * A name is `<KIND>_<SITE>__<NAME>`: the kind, the site's id in capitals with `_` for `-`, two
 * underscores, then a name of the dealer's choosing. A site id never holds two hyphens in a row, so
 * its capitals never hold `__`: the first `__` ends the site part, and no site's names can start
 * with another site's (MESSAGING_SOUTHERN_CROSS__KEY is southern-cross's, never
 * southern-cross-motors's, whose names start MESSAGING_SOUTHERN_CROSS_MOTORS__).
 */

export const SECRET_KINDS = {
  webhook: 'LEAD_WEBHOOK',
  chat: 'MESSAGING',
} as const;
export type SecretKind = keyof typeof SECRET_KINDS;

/** The shape of any site's secret name of a kind (the schema's pattern; the site is checked by secretNameRefusal). */
export function secretNamePattern(kind: SecretKind): RegExp {
  return new RegExp(`^${SECRET_KINDS[kind]}_[A-Z0-9]+(?:_[A-Z0-9]+)*__[A-Z0-9]+(?:_[A-Z0-9]+)*$`);
}

/** The start of every name of this kind a site may use, e.g. LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__. */
export function secretNamePrefix(kind: SecretKind, slug: string): string {
  return `${SECRET_KINDS[kind]}_${slug.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}__`;
}

/** Longest name accepted: long enough for a 63-character site id and a name of 40. */
const MAX_NAME_CHARS = 140;

const WHAT: Record<SecretKind, string> = {
  webhook: 'A webhook’s signing secret',
  chat: 'The chat service’s key',
};

/**
 * Why this site may not use this setting name, or undefined when it may. The answer says only what
 * the name must look like: never whether any setting of that name exists on the server.
 */
export function secretNameRefusal(kind: SecretKind, name: string, slug: string): string | undefined {
  const prefix = secretNamePrefix(kind, slug);
  if (name.length <= MAX_NAME_CHARS && name.startsWith(prefix) && secretNamePattern(kind).test(name)) return undefined;
  return `${WHAT[kind]} must be a server setting named ${prefix} followed by a name of your choice in capitals, e.g. ${prefix}CRM; "${name.slice(0, 80)}" is not one of this site's names. Ask the platform team to set the secret under that name.`;
}
