import { localhostTenantsAllowed, normaliseHost } from '../host-name';

/**
 * The Tenant Studio answers on a host of its own, never on a dealer's domain (issue 16):
 * STUDIO_HOST, or studio.localhost where `<name>.localhost` hosts are served (development, the
 * demo and the tests). A production server without STUDIO_HOST has no Studio at all, so its
 * sessions are never set on a host name anyone's machine resolves.
 */
export const DEFAULT_STUDIO_HOST = 'studio.localhost';

type Env = Readonly<Record<string, string | undefined>>;

/** The Studio's host name (normalised), or undefined when this server has no Studio. */
export function studioHost(env: Env = process.env): string | undefined {
  const configured = env.STUDIO_HOST?.trim();
  if (configured) return normaliseHost(configured);
  return localhostTenantsAllowed(env) ? DEFAULT_STUDIO_HOST : undefined;
}

/**
 * The parent name of the Studio's preview addresses in production (issue 30, L2): PREVIEW_DOMAIN,
 * e.g. preview.dealerplatform.com.au, under which `<slug>.<PREVIEW_DOMAIN>` shows a site's draft.
 * The platform controls that name, so the Studio never frames (nor sends a preview token to) an
 * address a tenant document chooses. Undefined when unset or not a host name.
 */
export function previewDomain(env: Env = process.env): string | undefined {
  const configured = env.PREVIEW_DOMAIN?.trim();
  if (!configured) return undefined;
  const name = normaliseHost(configured);
  return name && name.includes('.') && !name.startsWith('.') ? name : undefined;
}

/** Whether a Host header names the Studio. */
export function isStudioHost(hostHeader: string | null | undefined, env: Env = process.env): boolean {
  const host = studioHost(env);
  return host !== undefined && normaliseHost(hostHeader) === host;
}

const isLocalName = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/**
 * The Studio's origin for a request on its host: http://<name>[:port] for a .localhost name (a
 * developer's machine), https://<name> otherwise. Undefined for any other host, so nothing of the
 * Studio (its sessions, its trusted origin) ever belongs to a dealer's address.
 */
export function studioOrigin(hostHeader: string | null | undefined, env: Env = process.env): string | undefined {
  if (!hostHeader || !isStudioHost(hostHeader, env)) return undefined;
  const name = normaliseHost(hostHeader);
  if (!name) return undefined;
  if (!isLocalName(name)) return `https://${name}`;
  const port = /:(\d{1,5})$/.exec(hostHeader.trim())?.[1];
  return `http://${name}${port ? `:${port}` : ''}`;
}

/**
 * The Studio's origin as seen from a page on a site's preview address (the Host header of that
 * page): the only origin a preview page may post a message to (issue 32, the header check). A
 * developer's `.localhost` Studio is served on the same port as its previews; a production Studio
 * is https. Undefined when this server has no Studio.
 */
export function studioOriginForPreview(
  previewHostHeader: string | null | undefined,
  env: Env = process.env,
): string | undefined {
  const host = studioHost(env);
  if (!host) return undefined;
  if (!isLocalName(host)) return `https://${host}`;
  const port = /:(\d{1,5})$/.exec(previewHostHeader?.trim() ?? '')?.[1];
  return `http://${host}${port ? `:${port}` : ''}`;
}

/**
 * Whether a path belongs to the Studio (`/studio...` or `/api/studio...`), however it is spelled:
 * percent-encoded letters, upper case and doubled slashes count too, so no spelling of it can
 * reach the Studio's routes from a dealer's host.
 */
export function isStudioPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: judged as written.
  }
  path = path
    .toLowerCase()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  return /^\/(api\/)?studio(\/|$)/.test(path);
}
