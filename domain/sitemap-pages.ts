/**
 * Which content pages of a site its sitemap lists: the pages its header and footer menus link to,
 * its brands' overview pages, and every other page at a fixed address (no :slug) the site has.
 * Each is kept only when `pageOk` says the page exists, is switched on and is not behind a
 * sign-in (the caller asks the page router), so the sitemap never names a page that answers 404
 * or a sign-in form. Location, model and car pages have sections of their own.
 */
import { isSwitchedOn, type SwitchCondition } from './switches';

export interface MenuLinkLike {
  href?: string;
  when?: SwitchCondition;
}

export interface MenuItemLike extends MenuLinkLike {
  kind?: string;
  children?: readonly MenuLinkLike[];
}

export interface FooterColumnLike {
  when?: SwitchCondition;
  links: readonly MenuLinkLike[];
}

export interface ContentPageSources {
  header: readonly MenuItemLike[];
  footer: readonly FooterColumnLike[];
  brands: ReadonlyArray<{ slug: string; href?: string }>;
  /** The site's page route patterns (/about-us, /cars/:slug...). */
  patterns: readonly string[];
  features: object;
}

/**
 * A menu link as a path of this site, or undefined: links to other sites, in-page anchors and
 * addresses with a query string (a filtered search, a per-request page) are not sitemap pages.
 */
export function sitePath(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const path = href.trim().replace(/#.*$/, '');
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('?') || path.includes('\\')) return undefined;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A route pattern with no parameter or wildcard is one page at one address. */
export function isFixedPattern(pattern: string): boolean {
  return pattern.startsWith('/') && !/[:*(]/.test(pattern);
}

/** The brand overview address the header's brand menu and the brand grid link to (blocks/SiteHeader, blocks/BrandGrid). */
export function brandPagePath(brand: { slug: string; href?: string }): string | undefined {
  return brand.href === undefined ? `/${brand.slug}/overview` : sitePath(brand.href);
}

/** The site's content page paths, home first, menu order next, without repeats. */
export function contentPagePaths(sources: ContentPageSources, pageOk: (path: string) => boolean): string[] {
  const on = (when: SwitchCondition) => isSwitchedOn(when, sources.features);
  const candidates: Array<string | undefined> = ['/'];
  for (const item of sources.header) {
    if (!on(item.when)) continue;
    candidates.push(sitePath(item.href));
    for (const child of item.children ?? []) if (on(child.when)) candidates.push(sitePath(child.href));
    if (item.kind === 'brands') candidates.push(...sources.brands.map(brandPagePath));
  }
  for (const column of sources.footer) {
    if (!on(column.when)) continue;
    for (const link of column.links) if (on(link.when)) candidates.push(sitePath(link.href));
  }
  candidates.push(...sources.brands.map(brandPagePath));
  candidates.push(...sources.patterns.filter(isFixedPattern));
  const seen = new Set<string>();
  const paths: string[] = [];
  for (const path of candidates) {
    if (path === undefined || seen.has(path)) continue;
    seen.add(path);
    if (pageOk(path)) paths.push(path);
  }
  return paths;
}
