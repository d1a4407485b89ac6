/**
 * The rich-text editor's document (issue 33, RichTextWidget.client.tsx): exactly the formatting the
 * site's sanitiser keeps (domain/sanitise-html.ts), so the editor can never write what the page
 * would drop. Headings are levels 2 to 4 (the page has its own level-1 heading); no code blocks.
 */
import StarterKit from '@tiptap/starter-kit';

/** A link address the page may keep: a page of the site, a web address, mailto: or tel:; else undefined. */
export function safeLink(input: string): string | undefined {
  const href = input.trim();
  if (!href || /\s/.test(href)) return undefined;
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) return href;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(href)) return href;
  // "www.example.com.au" or "example.com.au/offers": a web address without its scheme.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(href)) return `https://${href}`;
  return undefined;
}

/**
 * What in `html` the page keeps but the editor cannot (a table, small print, superscript or
 * subscript), in words; undefined when the editor keeps everything. Such text is edited as HTML
 * (the Source view), so opening it in the editor never drops part of it.
 */
export function richTextCannotKeep(html: string): string | undefined {
  const found: string[] = [];
  if (/<(table|thead|tbody|tr|th|td|caption)\b/i.test(html)) found.push('a table');
  if (/<small\b/i.test(html)) found.push('small print');
  if (/<(sup|sub)\b/i.test(html)) found.push('superscript or subscript');
  if (!found.length) return undefined;
  return found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} and ${found.at(-1)}`;
}

export const RICH_TEXT_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // The page adds target and rel to links to other sites itself (domain/sanitise-html.ts).
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => safeLink(url) === url,
    },
  }),
];
