/**
 * This process's view of the stock generation (issue 17): a token that moves whenever an import,
 * a hold, a release or an expiry changes what shoppers can see, in any process or CLI. The proxy
 * puts it in the cache key of cached pages (engine/resolve-host.ts), so a change made anywhere
 * reaches every process's cached pages on its next poll (server/background/stock-sync.ts).
 * It lives on globalThis because the proxy and instrumentation are bundled apart, each with its own
 * copy of this module. Undefined until the first read, and when the sync is off.
 */
const KEY = Symbol.for('dealer-platform.stock-generation');
type Holder = { [KEY]?: string };

export function currentStockGeneration(): string | undefined {
  return (globalThis as Holder)[KEY];
}

export function setStockGeneration(generation: string | undefined): void {
  (globalThis as Holder)[KEY] = generation;
}
