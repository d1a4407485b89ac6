/**
 * The vehicle page's dealer comments (catalogue §4, §9): plain text for length and the short view,
 * sanitised HTML for the full view, the pending text when there is nothing to show. Pure.
 */
import { sanitiseHtml } from '../sanitise-html';

// spec: catalogue §9 — dealer comments: 400 characters; §4 — the pending text.
export const DEALER_COMMENTS_LIMIT = 400;
export const DEALER_COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';

export type DealerComments = { kind: 'pending' } | { kind: 'text'; full: string; short: string; truncated: boolean };

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

const HAS_TAG = /<\/?[a-z][^>]*>/i;

/**
 * Plain text of a comment that may be HTML: line breaks and block ends become newlines, other tags
 * are dropped, entities decoded, runs of spaces collapsed, at most one blank line kept.
 */
export function commentPlainText(text: string): string {
  return decodeEntities(
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)\s*>/gi, '\n')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts plain text to at most `limit` characters, on the last space or line break when there is one. */
function cutAtWord(text: string, limit: number): string {
  const window = text.slice(0, limit + 1);
  const boundary = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  const cut = boundary > 0 ? text.slice(0, boundary) : text.slice(0, limit);
  return cut.replace(/[\s|,;:–—-]+$/u, '');
}

/**
 * spec: catalogue §4 dealer comments / §9 — truncated at 400 characters with a show more / less
 * toggle; empty or pipe-only text shows the pending message.
 *
 * - Pending: undefined, empty, or text whose plain text holds nothing but pipes and white space
 *   ('|', ' | | ', '<p>|</p>').
 * - `full` is sanitised HTML (sanitiseHtml) for the expanded view. Feed comments are plain text
 *   with line breaks, so when the text has no HTML tags its line breaks become <br />.
 * - Length and `short` work on the plain text (tags stripped, entities decoded, spaces collapsed,
 *   line breaks kept as '\n', so render `short` as text with white-space: pre-line).
 * - `truncated` is true when the plain text is longer than 400 characters; `short` is then cut on
 *   the last word boundary at or before 400 characters (a hard cut at 400 when the first 400
 *   characters hold no space), trailing separators removed, followed by '…'. Otherwise `short`
 *   is the whole plain text.
 */
export function dealerComments(text: string | undefined | null): DealerComments {
  const source = text ?? '';
  const plain = commentPlainText(source);
  if (plain.replace(/[|\s]/g, '') === '') return { kind: 'pending' };
  const html = HAS_TAG.test(source) ? source : source.replace(/\r\n?|\n/g, '<br />');
  const full = sanitiseHtml(html);
  const truncated = plain.length > DEALER_COMMENTS_LIMIT;
  return { kind: 'text', full, short: truncated ? `${cutAtWord(plain, DEALER_COMMENTS_LIMIT)}…` : plain, truncated };
}
