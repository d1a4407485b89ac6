import { blockFacts } from '../blocks/block-facts.generated';
import type { BlockFacts, MetadataSubject, PropCondition } from '../blocks/types';
import type { Block } from '../schemas/types.generated';

/**
 * Reads the facts blocks declare in their schema.json (gathered by `npm run gen`). Kept apart from
 * the registry so the proxy can route a page without loading any component.
 */
export type FactTable = Readonly<Record<string, BlockFacts>>;

const table: FactTable = blockFacts;

/** A block type's facts; undefined for a type no block has (it fails validation, and renders nothing). */
export function factsOf(type: string, facts: FactTable = table): BlockFacts | undefined {
  return Object.hasOwn(facts, type) ? facts[type] : undefined;
}

function nonEmpty(value: unknown): boolean {
  if (Array.isArray(value) || typeof value === 'string') return value.length > 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** Whether props pass an `x-reads-request` test. */
export function conditionHolds(condition: true | PropCondition, props: Readonly<Record<string, unknown>>): boolean {
  if (condition === true) return true;
  if ('anyOf' in condition) return condition.anyOf.some((c) => conditionHolds(c, props));
  const value = props[condition.prop];
  if ('equals' in condition) return value === condition.equals;
  if ('notEquals' in condition) return value !== condition.notEquals;
  return nonEmpty(value);
}

/** Whether this block, with these props, reads the request (query string or session): its page is rendered per request. */
export function blockReadsRequest(block: Block, facts: FactTable = table): boolean {
  const condition = factsOf(block.type, facts)?.readsRequest;
  return condition !== undefined && conditionHolds(condition, block.props as Record<string, unknown>);
}

/** Whether the block type reads the request only through the query string (`x-query-only`). */
export function readsOnlyQuery(type: string, facts: FactTable = table): boolean {
  return factsOf(type, facts)?.queryOnly === true;
}

/** Whether the block type declares `x-reads-request` at all (whatever its props). */
export function declaresReadsRequest(type: string, facts: FactTable = table): boolean {
  return factsOf(type, facts)?.readsRequest !== undefined;
}

/** The props of a block type whose values name the tenant's forms. */
export function formProps(type: string, facts: FactTable = table): readonly string[] {
  return factsOf(type, facts)?.formProps ?? [];
}

/** What a page holding this block type takes its metadata from, if anything. */
export function metadataSubject(type: string, facts: FactTable = table): MetadataSubject | undefined {
  return factsOf(type, facts)?.metadata;
}
