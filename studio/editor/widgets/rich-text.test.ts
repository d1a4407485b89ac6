// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../../domain/sanitise-html';
import { RICH_TEXT_EXTENSIONS, richTextCannotKeep, safeLink } from './rich-text';

// Issue 33: the rich-text editor's "output is the HTML the renderer already accepts after the same
// sanitising ... pasting from Word or a web page keeps only what the sanitiser allows".

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

/** What the editor writes for `html` (as set, pasted or typed in Source). */
function through(html: string): string {
  editor = new Editor({ extensions: RICH_TEXT_EXTENSIONS, content: html });
  return editor.getHTML();
}

/** The sanitiser gives links to other sites target and rel, and writes <br /> for <br>; nothing else may change. */
const withSafeLinks = (html: string) =>
  html
    .replace(/<a href="(https?:\/\/[^"]*)">/g, '<a href="$1" target="_blank" rel="noopener noreferrer">')
    .replaceAll('<br>', '<br />');

describe('the rich-text editor writes only what the page keeps', () => {
  it('keeps headings, bold, italic, lists, links and line breaks, and the sanitiser removes nothing of it', () => {
    const written = through(
      '<h2>Service specials</h2><p>Book <strong>this week</strong> and save, <em>conditions apply</em>.<br>Call us or <a href="/contact">send a message</a>, or read <a href="https://www.mazda.com.au/">Mazda’s page</a>.</p><ul><li><p>Free wash</p></li><li><p>Loan car</p></li></ul><ol><li><p>Book</p></li></ol>',
    );
    expect(written).toContain('<h2>Service specials</h2>');
    expect(written).toContain('<strong>this week</strong>');
    expect(written).toContain('<em>conditions apply</em>');
    expect(written).toContain('<br>');
    expect(written).toContain('<a href="/contact">send a message</a>');
    expect(written).toContain('<ul><li><p>Free wash</p></li>');
    expect(written).toContain('<ol><li><p>Book</p></li></ol>');
    expect(sanitiseHtml(written)).toBe(withSafeLinks(written));
  });

  it('reduces a paste from Word or a web page to what the sanitiser allows', () => {
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>' +
      '<p class="MsoNormal" style="mso-line-height-rule:exactly"><span style="font-family:Calibri;color:#1F497D">Drive-away <b>from $29,990</b></span><o:p></o:p></p>' +
      '<h1 style="color:red">Big heading</h1><script>alert(1)</script><img src="x" onerror="alert(1)">' +
      '<p><a href="javascript:alert(1)" onclick="steal()">click</a> <font face="Arial">old font</font></p>' +
      '<pre><code>code()</code></pre><iframe src="https://evil.example"></iframe></body></html>';
    const written = through(word);
    expect(written).not.toMatch(
      /style=|class=|<span|<o:p|<script|<img|<iframe|onclick|onerror|javascript:|<font|<h1|<pre|<code/,
    );
    expect(written).toContain('Drive-away <strong>from $29,990</strong>');
    expect(written).toContain('Big heading');
    expect(written).toContain('old font');
    expect(sanitiseHtml(written)).toBe(withSafeLinks(written));
  });

  it('says nothing when empty, and keeps a second pass the same (round trip)', () => {
    const once = through('<p>Open <em>Saturday</em> 8–12</p>');
    editor?.destroy();
    expect(through(once)).toBe(once);
  });
});

describe('link addresses the editor accepts', () => {
  it('takes pages of the site, web addresses, mailto and tel; adds https:// to a bare address', () => {
    expect(safeLink('/contact')).toBe('/contact');
    expect(safeLink('#opening-hours')).toBe('#opening-hours');
    expect(safeLink('https://example.com.au/offers')).toBe('https://example.com.au/offers');
    expect(safeLink('www.mazda.com.au')).toBe('https://www.mazda.com.au');
    expect(safeLink('mailto:sales@example.com.au')).toBe('mailto:sales@example.com.au');
    expect(safeLink('tel:0290001234')).toBe('tel:0290001234');
  });

  it('refuses scripts, protocol-relative addresses and words', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'call us', ''])
      expect(safeLink(bad)).toBeUndefined();
  });
});

describe('text the editor cannot keep whole is edited as HTML (nothing is lost by opening it)', () => {
  it('names a table, small print, superscript and subscript, which the page keeps but the editor would drop', () => {
    expect(richTextCannotKeep('<table><tr><td>Service</td><td>$299</td></tr></table>')).toBe('a table');
    expect(richTextCannotKeep('<p>From $29,990<sup>*</sup></p><p><small>*Conditions apply</small></p>')).toBe(
      'small print and superscript or subscript',
    );
    expect(richTextCannotKeep('<h2>Hours</h2><p><strong>Open</strong> <a href="/contact">today</a></p>')).toBe(
      undefined,
    );
    // The reason it matters: the editor would drop the table's structure.
    expect(through('<table><tr><td>Service</td></tr></table>')).not.toContain('<table');
  });
});
