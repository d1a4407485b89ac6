import { matchRoute } from './match-route';
import { isSwitchedOn } from '../domain/switches';
import { blockReadsRequest } from '../blocks/request-blocks';
import type { Block, Page } from '../schemas/types.generated';
import type { TenantConfig } from './tenant-registry';

export interface ResolvedPage {
  pattern: string;
  page: Page;
  params: Record<string, string>;
}

/** The tenant's page for a path, honouring the page's own switch; undefined means 404. */
export function resolvePage(tenant: TenantConfig, path: string): ResolvedPage | undefined {
  const pages = (tenant.pages ?? {}) as Record<string, Page | null | undefined>;
  const match = matchRoute(Object.keys(pages), path);
  const page = match ? pages[match.pattern] : undefined;
  if (!match || !page) return undefined;
  if (!isSwitchedOn(page.when, tenant.features)) return undefined;
  return { pattern: match.pattern, page, params: match.params };
}

export function pageTitle(page: Page, tenant: TenantConfig): string {
  return page.title.replaceAll('{site}', tenant.name);
}

/** Nested slots are block lists inside props (e.g. a Section's content). */
function slots(block: Block): Block[][] {
  return Object.values(block.props as Record<string, unknown>).filter(
    (value): value is Block[] => Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string' && 'props' in item),
  );
}

/** True when the page depends on the request (a block reads the query string, or the page is gated), so it cannot be cached. */
export function pageReadsRequest(page: Page): boolean {
  // A gated page depends on who is asking (conversion §4.7).
  if (page.signIn) return true;
  const visit = (blocks: readonly Block[]): boolean => blocks.some((block) => blockReadsRequest(block) || slots(block).some(visit));
  return visit(page.blocks);
}
