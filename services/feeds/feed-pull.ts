/**
 * Pulls a stock feed from its address and imports it (issue 18): the feed scheduler does it for
 * each dealership that names `feed: { url, every }`, and `npm run import -- --from-url <url>` for
 * any address. Every pull is recorded (pull-log.ts); whatever goes wrong, the stock stays as it was.
 */
import { parseJsonText } from '../../schemas/json-text';
import { hideUrlSecrets, isHttpUrl, redactUrlCredentials } from '../../domain/feed-schedule';
import { formatIssue, placeIssues, type ValidationIssue } from '../../schemas/validation-messages';
import type { PlatformDb } from '../db/database';
import { importFeed, type ImportOptions, type ImportResult } from '../stock/import-feed';
import { feedLimits, fetchFeed, formatBytes, type FeedLimits, type Fetched, type Validators } from './fetch-feed';
import { feedKey, recordPull, validatorsFor, type PullOutcome } from './pull-log';
import { recordFeedPull } from '../metrics';

export interface PullFeedOptions {
  /** http or https address of a feed document (schemas/feed.schema.json); user:password@ is sent as HTTP Basic. */
  url: string;
  /** The dealership whose feed this is: every car in it must be that dealership's (importFeed checks). */
  dealershipId?: number;
  /** Withdraw cars no longer in the feed (of the dealership, with dealershipId). */
  replace?: boolean;
  /** false: ask for the whole feed, even when the copy imported last is unchanged. Default true. */
  conditional?: boolean;
  /** Place the problems of an invalid feed at their line and column in the document (the CLI). */
  locateIssues?: boolean;
  /** Overrides of FEED_TIMEOUT_S, FEED_FIRST_BYTE_TIMEOUT_S and FEED_MAX_MB. */
  limits?: Partial<FeedLimits>;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  onProgress?: ImportOptions['onProgress'];
}

type Imported = Extract<ImportResult, { ok: true }>;
type ImportReport = ImportResult['report'];

export interface PullResult {
  outcome: PullOutcome;
  /** The address pulled, its credentials and secret parameters hidden (redactUrlCredentials). */
  url: string;
  dealershipId?: number;
  startedAt: string;
  /** Milliseconds from the request to the recorded outcome. */
  ms: number;
  /** Whether the request named the copy already imported (If-None-Match / If-Modified-Since). */
  conditional: boolean;
  /** HTTP status of the answer, if one came. */
  status?: number;
  /** Bytes of the document read. */
  bytes?: number;
  /** What happened, in a sentence: why it failed, or what was imported. */
  message: string;
  /** An invalid document's problems (at most 200), with line and column when locateIssues is set. */
  issues?: ValidationIssue[];
  /** What importFeed reports for an imported document. */
  imported?: Imported;
  /** importFeed's report (counts, warnings, fields stored but not shown) of a document it read, imported or refused. */
  report?: ImportReport;
}

/** A feed address the platform does not pull (not http or https): a mistake of whoever gave it, not of the feed. */
export class FeedUrlError extends Error {}

/** Issues kept in a result: the CLI shows 200, like a file import. */
const MOST_ISSUES = 200;
/**
 * Finding where broken JSON breaks: V8's message for an unexpected token gives no position, so
 * the document is parsed again with json-source-map, which does. That parser builds a map of every
 * value; beyond this size it would cost the server hundreds of megabytes, so the message says only
 * what V8 says.
 */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describeImport(imported: Imported): string {
  const parts = [`imported ${plural(imported.cars, 'car')}`];
  if (imported.dealerships) parts.push(plural(imported.dealerships, 'dealership'));
  if (imported.locations) parts.push(plural(imported.locations, 'location'));
  if (imported.withdrawn) parts.push(`withdrew ${plural(imported.withdrawn, 'car')} no longer in the feed`);
  return parts.join(', ');
}

interface Outcome {
  outcome: PullOutcome;
  message: string;
  status?: number;
  bytes?: number;
  validators?: Validators;
  /** Cars in a document whose import began (recorded for 'imported' and for an import that stopped). */
  cars?: number;
  issues?: ValidationIssue[];
  imported?: Imported;
  report?: ImportReport;
}

/**
 * A pulled document never sets where feeds are pulled from: a dealership's `feed` is the
 * platform's setting, given by its operators in a file import (`npm run import -- <file>`). A
 * dealer's system usually sends the dealership's record without it (imported as it is, the record
 * would replace the stored one and the dealership would silently stop being pulled), and one that
 * sent its own (or anyone tampering with a feed fetched over http) could point the scheduler at
 * any address. So in a pulled document every dealership record gets the stored `feed`, or none.
 */
async function storedFeedSettings(db: PlatformDb, document: unknown): Promise<void> {
  if (typeof document !== 'object' || document === null || !('dealerships' in document)) return;
  const records = (document as { dealerships: unknown }).dealerships;
  if (!Array.isArray(records)) return;
  const byId = new Map<number, Record<string, unknown>>();
  for (const record of records as unknown[]) {
    if (typeof record !== 'object' || record === null) continue;
    delete (record as Record<string, unknown>).feed;
    const id = (record as { id?: unknown }).id;
    if (typeof id === 'number') byId.set(id, record as Record<string, unknown>);
  }
  if (byId.size === 0) return;
  const stored = await db
    .selectFrom('dealerships')
    .select(['id', 'data'])
    .where('id', 'in', [...byId.keys()])
    .where('data', 'like', '%"feed"%')
    .execute();
  for (const row of stored) {
    let feed: unknown;
    try {
      feed = (JSON.parse(row.data) as { feed?: unknown }).feed;
    } catch {
      continue;
    }
    const record = byId.get(row.id);
    if (record && feed !== undefined && feed !== null) record.feed = feed;
  }
}

/** What a fetched answer does to the stock. Never throws for anything in the document. */
async function apply(
  db: PlatformDb,
  fetched: Fetched,
  label: string,
  options: PullFeedOptions,
  now: Date,
): Promise<Outcome> {
  if (fetched.kind === 'failed')
    return {
      outcome: 'failed',
      message: `${fetched.message}; the stock is unchanged`,
      ...(fetched.status !== undefined ? { status: fetched.status } : {}),
      ...(fetched.bytes !== undefined ? { bytes: fetched.bytes } : {}),
    };
  if (fetched.kind === 'not-modified')
    return {
      outcome: 'unchanged',
      message: 'the feed is unchanged since it was imported (304 Not Modified)',
      status: 304,
      validators: fetched.validators,
    };
  const { body, status } = fetched;
  const base = { status, bytes: body.byteLength };
  let text: string;
  try {
    // fatal: a feed in another encoding would otherwise import with mangled names.
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { ...base, outcome: 'invalid', message: 'the feed is not UTF-8 text; the stock is unchanged' };
  }
  const read = parseJsonText(text, label);
  if (!read.ok) {
    const issue = read.issue;
    const html = /^\s*</.test(text) || /html/i.test(fetched.contentType ?? '');
    const what = html ? ` (the server sent ${fetched.contentType ?? 'HTML'}, not a JSON feed)` : '';
    return {
      ...base,
      outcome: 'invalid',
      message: `the feed ${issue.message}${what}; the stock is unchanged`,
      issues: [issue],
    };
  }
  await storedFeedSettings(db, read.value);
  let result: ImportResult;
  try {
    result = await importFeed(db, read.value, {
      file: label,
      replace: options.replace ?? false,
      dealershipId: options.dealershipId,
      now,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } catch (error) {
    // The import checked the whole document and began writing, then stopped (see importFeed).
    const listed = (read.value as { cars?: unknown } | null)?.cars;
    const cars = Array.isArray(listed) ? listed.length : 0;
    return { ...base, outcome: 'failed', cars, message: error instanceof Error ? error.message : String(error) };
  }
  if (!result.ok) {
    const issues = result.issues.slice(0, MOST_ISSUES);
    const first = issues[0];
    return {
      ...base,
      outcome: 'invalid',
      message: `nothing was imported: ${plural(result.issues.length, 'problem')}${first ? `, the first ${formatIssue({ ...first, file: '' }).replace(/^: /, '')}` : ''}`,
      issues: options.locateIssues ? placeIssues(issues, label, read.locate) : issues,
      report: result.report,
    };
  }
  return {
    ...base,
    outcome: 'imported',
    message: describeImport(result),
    validators: fetched.validators,
    cars: result.cars,
    imported: result,
    report: result.report,
  };
}

/**
 * Pulls the feed at `url` once and records the pull: GET with the limits (timeouts, size), asking
 * for the copy only if it changed since the last successful pull of this feed (ETag and
 * Last-Modified); 304 imports nothing and reads nothing ('unchanged'); 2xx is parsed and imported
 * ('imported', or 'invalid' with the document's problems); anything else is 'failed' with its
 * reason. Only 'imported' touches the stock. Throws FeedUrlError for an address that is not http
 * or https, and the database's error if the pull cannot be recorded.
 */
export async function pullFeed(db: PlatformDb, options: PullFeedOptions): Promise<PullResult> {
  if (!isHttpUrl(options.url))
    throw new FeedUrlError(
      `${redactUrlCredentials(options.url)} is not an http or https address: a feed is pulled from a web server.`,
    );
  const clock = options.now ?? (() => new Date());
  const limits = { ...feedLimits(), ...options.limits };
  // Only `url` (credentials and secret parameters hidden) is stored, logged and returned.
  const url = redactUrlCredentials(options.url);
  const key = feedKey(options.url, options.dealershipId);
  const started = clock();
  const startedMs = performance.now();
  const validators = options.conditional === false ? undefined : await validatorsFor(db, key);
  const fetched = await fetchFeed(options.url, {
    limits,
    ...(validators ? { validators } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
  const applied = await apply(db, fetched, url, options, started);
  // A server's status line or a network error may echo the address or a credential back.
  const outcome = { ...applied, message: hideUrlSecrets(applied.message, options.url) };
  await recordPull(db, {
    key,
    url,
    ...(options.dealershipId !== undefined ? { dealershipId: options.dealershipId } : {}),
    startedAt: started.toISOString(),
    finishedAt: clock().toISOString(),
    outcome: outcome.outcome,
    ...(outcome.status !== undefined ? { httpStatus: outcome.status } : {}),
    ...(outcome.validators ? { validators: outcome.validators } : {}),
    ...(outcome.bytes !== undefined ? { bytes: outcome.bytes } : {}),
    ...(outcome.cars !== undefined ? { cars: outcome.cars } : {}),
    message: outcome.message,
  });
  recordFeedPull(outcome.outcome);
  return {
    outcome: outcome.outcome,
    url,
    ...(options.dealershipId !== undefined ? { dealershipId: options.dealershipId } : {}),
    startedAt: started.toISOString(),
    ms: Math.round(performance.now() - startedMs),
    conditional: validators !== undefined,
    ...(outcome.status !== undefined ? { status: outcome.status } : {}),
    ...(outcome.bytes !== undefined ? { bytes: outcome.bytes } : {}),
    message: outcome.message,
    ...(outcome.issues ? { issues: outcome.issues } : {}),
    ...(outcome.imported ? { imported: outcome.imported } : {}),
    ...(outcome.report ? { report: outcome.report } : {}),
  };
}

/** One line for the CLI and the server log: "https://dms.example/feed.json (dealership 3): unchanged in 12 ms: ...". */
export function summarisePull(result: PullResult): string {
  const whose = result.dealershipId !== undefined ? ` (dealership ${result.dealershipId})` : '';
  const size = result.bytes !== undefined ? `, ${formatBytes(result.bytes)}` : '';
  return `${result.url}${whose}: ${result.outcome} in ${result.ms} ms${size}: ${result.message}`;
}
