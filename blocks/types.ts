import type { ReactNode } from 'react';
import type { Block, ResolvedTenant } from '../schemas/types.generated';

export type BlockType = Block['type'];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** What every block receives besides its props: the resolved tenant and the request's route. */
export interface BlockContext {
  tenant: ResolvedTenant;
  /** The request path on the tenant's site, e.g. /cars/2021-mazda-cx-5. */
  path: string;
  /** Route parameters of the matched page pattern. */
  params: Readonly<Record<string, string>>;
  /** When the request is served; blocks use it instead of reading the clock themselves. */
  now: Date;
  /** The request's query string. Reading it renders the page per request, so only blocks that need it call it. */
  searchParams: () => Promise<URLSearchParams>;
  /** Renders a nested slot of blocks (e.g. a Section's content). */
  renderBlocks: (blocks: readonly Block[] | undefined) => ReactNode;
}

export type BlockComponent<T extends BlockType> = (args: {
  props: BlockOf<T>['props'];
  ctx: BlockContext;
}) => ReactNode | Promise<ReactNode>;
