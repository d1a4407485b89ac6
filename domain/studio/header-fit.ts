/**
 * Does the site's header fit (issue 32: "after each save, warn in the editor when the header or a
 * menu wraps or overlaps at desktop or phone width, naming the item")? A new menu item can push the
 * header's row past its room: at 1440 px the items then run under the phone number, and nothing on
 * the Menus tab shows it.
 *
 * The Studio loads the saved draft's preview at the widths below in frames nobody sees
 * (studio/editor/preview/HeaderFitCheck.client.tsx). The preview page measures its header there
 * (components/preview/HeaderFitProbe.client.tsx), works out the problems with `headerProblems`
 * and posts them back to the Studio, which says them in words with `headerFitWarnings`.
 * Everything here is pure: boxes in, problems and sentences out.
 */

/** The widths checked, as the preview's width choices name them (studio/editor/preview/PreviewPane.client.tsx). */
export const HEADER_FIT_WIDTHS = [
  { id: 'desktop', label: 'a desktop screen', px: 1440, height: 900 },
  { id: 'phone', label: 'a phone', px: 390, height: 844 },
] as const;
export type HeaderFitWidth = (typeof HEADER_FIT_WIDTHS)[number]['id'];

/** The fragment that asks a preview page to measure its header (never sent to the server). */
export const HEADER_FIT_HASH = '#studio-header-fit';
/** The `type` of the preview page's answer. */
export const HEADER_FIT_MESSAGE = 'studio:header-fit';

/** A box on the page, in CSS pixels from the page's top left. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Something a shopper sees or uses in the header (a menu item, the logo, the phone number), with its name. */
export interface HeaderPiece extends Box {
  name: string;
}

export type HeaderProblem =
  | { kind: 'overlap'; item: string; other: string }
  | { kind: 'off-screen'; item: string }
  | { kind: 'wraps'; item: string };

/** What one preview page measured and posts to the Studio. */
export interface HeaderFitReport {
  type: typeof HEADER_FIT_MESSAGE;
  /** The preview token of the page, so the Studio takes only the answer to its own question. */
  token: string;
  /** The page's width as laid out, in CSS pixels. */
  width: number;
  problems: HeaderProblem[];
}

/** Pieces closer than this (px) are taken as touching, not overlapping (anti-aliased edges, borders). */
const TOLERANCE = 2;

const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOLERANCE &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOLERANCE;

/**
 * The header's problems at one width:
 * - two pieces drawn over each other ("Hot deals" over the phone number);
 * - a piece running off the edge of the screen;
 * - the menu's items, laid out in a row, starting a second row (`menuRow`: the items in order).
 * Each problem is said once, in the order the pieces come.
 */
export function headerProblems(
  pieces: readonly HeaderPiece[],
  viewportWidth: number,
  menuRow: readonly HeaderPiece[] = [],
): HeaderProblem[] {
  const problems: HeaderProblem[] = [];
  pieces.forEach((piece, index) => {
    if (piece.right > viewportWidth + TOLERANCE || piece.left < -TOLERANCE)
      problems.push({ kind: 'off-screen', item: piece.name });
    for (const other of pieces.slice(index + 1))
      if (overlaps(piece, other)) problems.push({ kind: 'overlap', item: piece.name, other: other.name });
  });
  const first = menuRow[0];
  if (first) {
    // The first item whose top is below the first item's middle starts a second row.
    const middle = (first.top + first.bottom) / 2;
    const wrapped = menuRow.find((item) => item.top > middle);
    if (wrapped) problems.push({ kind: 'wraps', item: wrapped.name });
  }
  return problems;
}

const quoted = (name: string) => (name ? `“${name}”` : 'an item without words');

function sentence(problem: HeaderProblem): string {
  if (problem.kind === 'overlap') return `${quoted(problem.item)} overlaps ${quoted(problem.other)}`;
  if (problem.kind === 'off-screen') return `${quoted(problem.item)} runs off the edge of the screen`;
  return `the header menu wraps onto a second line, from ${quoted(problem.item)}`;
}

/**
 * The warnings the editor shows, one sentence per problem and width, e.g.
 * "On a desktop screen (1440 px wide), “Hot deals” overlaps “Call us on 02 9555 0100”."
 */
export function headerFitWarnings(reports: Partial<Record<HeaderFitWidth, readonly HeaderProblem[]>>): string[] {
  const warnings: string[] = [];
  for (const width of HEADER_FIT_WIDTHS) {
    const seen = new Set<string>();
    for (const problem of reports[width.id] ?? []) {
      const text = sentence(problem);
      if (seen.has(text)) continue;
      seen.add(text);
      warnings.push(`On ${width.label} (${width.px} px wide), ${text}.`);
    }
  }
  return warnings;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isProblem = (value: unknown): value is HeaderProblem => {
  if (!isRecord(value) || typeof value.item !== 'string') return false;
  if (value.kind === 'overlap') return typeof value.other === 'string';
  return value.kind === 'off-screen' || value.kind === 'wraps';
};

/** A posted message as a report, or undefined for anything else (messages are read as untrusted input). */
export function readHeaderFitReport(data: unknown): HeaderFitReport | undefined {
  if (!isRecord(data) || data.type !== HEADER_FIT_MESSAGE) return undefined;
  if (typeof data.token !== 'string' || typeof data.width !== 'number' || !Array.isArray(data.problems))
    return undefined;
  const problems = data.problems.filter(isProblem).slice(0, 50);
  return { type: HEADER_FIT_MESSAGE, token: data.token, width: data.width, problems };
}

/**
 * The parts of a site's document that change its header: a save that leaves them as they were
 * needs no new check.
 */
export const HEADER_KEYS = [
  'name',
  'logo',
  'theme',
  'menus',
  'layout',
  'contact',
  'features',
  'accounts',
  'brands',
  'template',
] as const;

/** A text that changes when, and only when, something that shapes the header changes. */
export function headerFingerprint(document: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(HEADER_KEYS.map((key) => document[key] ?? null));
}
