import type { FooterColumn, MenuItem, MenuLink } from '../../schemas/types.generated';
import { SERVICE_PATH } from '../locations/service-booking';

/**
 * spec: conversion §2.4 — "The footer repeats these [the header menu's items] and adds Buyer Tools".
 * A site that repeats its header in the footer gets, in the header's order:
 *  - one column of the header's single links (Home, Offers, Sell My Car, Finance, and the models,
 *    brands or locations items that have a link), under `linksHeading`;
 *  - one column per drop-down, headed by its label, with its links.
 * Then the site's own footer columns follow. A footer column headed like a header drop-down adds
 * its links to that column instead (e.g. Terms and Conditions under About Us), so a site changes
 * its header once and the footer follows. Switches (`when`) travel with the items they were on.
 */
export interface FooterOptions {
  repeatHeader: boolean;
  linksHeading: string;
}

const sameHeading = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Switches = MenuLink['when'];

/** Both switches must hold (a link inside a switched column, a page behind its own switch). */
function allOf(...switches: Switches[]): Switches {
  const all = switches.flatMap((when) => (when === undefined ? [] : Array.isArray(when) ? when : [when]));
  const [first, ...rest] = [...new Set(all)];
  if (first === undefined) return undefined;
  return rest.length ? [first, ...rest] : first;
}

/** The switch of the page a header item leads to, where the item itself does not carry it. */
const PAGE_SWITCH: Partial<Record<NonNullable<MenuItem['kind']>, string>> = { brands: 'brandsPage' };

function asLink(item: MenuItem): MenuLink | undefined {
  // A service-booking item without a link still leads somewhere in the header (the site's service page).
  const href = item.href ?? (item.serviceBooking ? SERVICE_PATH : undefined);
  if (!href) return undefined;
  const when = allOf(item.when, item.kind ? PAGE_SWITCH[item.kind] : undefined);
  return {
    label: item.label,
    href,
    ...(item.serviceBooking ? { serviceBooking: item.serviceBooking } : {}),
    ...(when ? { when } : {}),
  };
}

function headerColumns(header: readonly MenuItem[], linksHeading: string): FooterColumn[] {
  const singles: MenuLink[] = [];
  const columns: FooterColumn[] = [];
  for (const item of header) {
    if (item.kind === 'dropdown' || (item.kind !== 'models' && item.children?.length)) {
      if (!item.children?.length) continue;
      columns.push({ heading: item.label, ...(item.when ? { when: item.when } : {}), links: [...item.children] });
      continue;
    }
    const link = asLink(item);
    if (link) singles.push(link);
  }
  return singles.length ? [{ heading: linksHeading, links: singles }, ...columns] : columns;
}

export function footerColumns(
  header: readonly MenuItem[],
  footer: readonly FooterColumn[],
  options: FooterOptions,
): FooterColumn[] {
  if (!options.repeatHeader) return [...footer];
  const columns = headerColumns(header, options.linksHeading);
  for (const extra of footer) {
    const index = columns.findIndex((column) => sameHeading(column.heading, extra.heading));
    const column = columns[index];
    if (!column) {
      columns.push(extra);
      continue;
    }
    // The footer column's own switch stays with its links; a link already there (same address,
    // same switches) is not repeated.
    const added = extra.links.map((link) => {
      const when = allOf(extra.when, link.when);
      return { ...link, ...(when ? { when } : {}) };
    });
    const key = (link: MenuLink) => `${link.href} ${JSON.stringify(link.when ?? null)}`;
    const known = new Set(column.links.map(key));
    columns[index] = { ...column, links: [...column.links, ...added.filter((link) => !known.has(key(link)))] };
  }
  return columns;
}
