import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * JavaScript budgets per key page kind, in KB gzipped as served: every script the page fetches
 * until the network is idle. `npm test` fails past them (e2e/page-weight.spec.ts);
 * `npm run bench:page-weight` prints the same measure.
 *
 * Issue 34 split the pages by kind: each kind's route loads only its own blocks' client code, on
 * top of the framework's ~134 KB (react-dom, Next's router and runtime, Turbopack's loader). The
 * budgets are the measured pages of that change (home 148, search 148, location 167, model 170,
 * vehicle 187 KB; one run, 2026-11-29) with a few KB of room, to stop growth.
 */
export const JS_BUDGET_KB = { home: 155, search: 155, location: 175, model: 178, vehicle: 195 } as const;
export type BudgetedPage = keyof typeof JS_BUDGET_KB;

/** Loads `url` in `page` and sums the gzipped size of every script it fetched. */
export async function pageScripts(page: Page, url: string): Promise<{ kb: number; scripts: Map<string, number> }> {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => void scripts.set(response.url(), gzipSync(body).length))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { kb: bytes / 1024, scripts };
}

/** The first car a search page links, as the site renders it. */
export function firstCarPath(html: string): string | undefined {
  return /href="(\/cars\/(?!trade-in")[^"/?#]+)"/.exec(html)?.[1];
}

/** The first location the dealer locator links, as the site renders it. */
export function firstLocationPath(html: string): string | undefined {
  return /href="(\/locations\/[^"/?#]+)"/.exec(html)?.[1];
}

/** The first new model the models page links, as the site renders it. */
export function firstModelPath(html: string): string | undefined {
  return /href="(\/models\/(?!order-now")[^"/?#]+)"/.exec(html)?.[1];
}
