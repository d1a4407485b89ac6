/**
 * Which hrefs are pages of this site, as a browser reads them. A browser takes '//host' and
 * '/\host' (a backslash is a slash in http addresses) as another site, drops tabs and line breaks
 * anywhere in an address ('/\t/host' is '//host') and spaces at either end (' //host' is '//host').
 * Hrefs come from tenant files (menus, slides, buttons) and from requests, so a link written like a
 * path must not take the shopper, or a prefetch, to another site. Pure.
 */

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Whether an href is a path of this site: a single '/', then neither '/' nor '\', and no control characters. */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && href[1] !== '/' && href[1] !== '\\' && !CONTROL_CHARACTERS.test(href);
}

/**
 * An href as a link renders it. One written like a path that a browser would still read as another
 * site ('//evil.example', '/\evil.example', ' //evil.example', '/\t/evil.example') stays on this
 * site: its second character is percent-encoded ('/%2Fevil.example'), so it leads to this site's
 * not-found page rather than elsewhere. A full address (https://...) is a deliberate link to another
 * site and, like every other href, is returned as it is.
 */
export function onSiteHref(href: string): string {
  const read = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (!/^[/\\]{2}/.test(read)) return href;
  return `/${encodeURIComponent(read.charAt(1))}${read.slice(2)}`;
}

/** Whether a request path is valid percent-encoded UTF-8 (a path that is not names no page). */
export function decodesAsUtf8(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
