import type { FooterColumn, MenuItem, MenuLink } from '../../schemas/types.generated';

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

function asLink(item: MenuItem): MenuLink | undefined {
  if (!item.href) return undefined;
  return {
    label: item.label,
    href: item.href,
    ...(item.serviceBooking ? { serviceBooking: item.serviceBooking } : {}),
    ...(item.when ? { when: item.when } : {}),
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
    const known = new Set(column.links.map((link) => link.href));
    columns[index] = { ...column, links: [...column.links, ...extra.links.filter((link) => !known.has(link.href))] };
  }
  return columns;
}
