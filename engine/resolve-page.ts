import { matchRoute } from './match-route';
import { isSwitchedOn } from '../domain/switches';
import { blockReadsRequest, metadataSubject, readsOnlyQuery } from './block-facts';
import type { MetadataSubject } from '../blocks/types';
import type { Block, Page, SignInGate } from '../schemas/types.generated';
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

/** The page's sign-in gate: the tenant's own for the route pattern (null removes it), else the template's. */
export function pageGate(tenant: TenantConfig, resolved: ResolvedPage): SignInGate | undefined {
  const gates = (tenant.accounts?.gates ?? {}) as Record<string, SignInGate | null | undefined>;
  const own = gates[resolved.pattern];
  const gate = own === null ? undefined : (own ?? resolved.page.signIn);
  // A gate only counts on a site with accounts and while its own switch holds.
  if (!gate || !isSwitchedOn('accounts', tenant.features) || !isSwitchedOn(gate.when, tenant.features))
    return undefined;
  return gate;
}

export function pageTitle(page: Page, tenant: TenantConfig, params: Record<string, string> = {}): string {
  const brand = params.brand ? tenant.brands?.find((b) => b.slug === params.brand)?.name : undefined;
  return page.title.replaceAll('{site}', tenant.name).replaceAll('{brand}', brand ?? params.brand ?? '');
}

/** Nested slots are block lists inside props (e.g. a Section's content). */
function slots(block: Block): Block[][] {
  return Object.values(block.props as Record<string, unknown>).filter(
    (value): value is Block[] =>
      Array.isArray(value) &&
      value.every(
        (item) =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as { type?: unknown }).type === 'string' &&
          'props' in item,
      ),
  );
}

/** The page's blocks depth first, nested slots included. */
function* pageBlocks(blocks: readonly Block[]): Generator<Block> {
  for (const block of blocks) {
    yield block;
    for (const slot of slots(block)) yield* pageBlocks(slot);
  }
}

/** True when a block of the page reads the request (query string or session), so the page cannot be cached. */
export function pageReadsRequest(page: Page): boolean {
  for (const block of pageBlocks(page.blocks)) if (blockReadsRequest(block)) return true;
  return false;
}

/**
 * Whether a page rendered per request is still the same HTML for every shopper who asks for the
 * same address: it reads the request, and every block that does reads only the query string
 * (`x-query-only`: the search page, the models list's body filter), never cookies or the session.
 * Such a page may be kept by the document cache (server/http/document-cache); a gated page is not
 * (its gate depends on who asks), which the caller checks with pageGate.
 */
export function pageSharedByUrl(page: Page): boolean {
  let reads = false;
  for (const block of pageBlocks(page.blocks)) {
    if (!blockReadsRequest(block)) continue;
    if (!readsOnlyQuery(block.type)) return false;
    reads = true;
  }
  return reads;
}

/**
 * What the page takes its title, description and canonical URL from: the subject (`x-metadata`)
 * of its first block that declares one, e.g. a vehicle page's VehicleLayout; undefined keeps the
 * page's own title and description.
 */
export function pageMetadataSubject(page: Page): MetadataSubject | undefined {
  for (const block of pageBlocks(page.blocks)) {
    const subject = metadataSubject(block.type);
    if (subject) return subject;
  }
  return undefined;
}
