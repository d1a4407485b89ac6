import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from './static-markup';

/** One labelled value of the lead e-mail (the text part writes it as `Label: value`). */
export interface EmailRow {
  label: string;
  value: string;
  /** The value is one URL per line; HTML turns the http(s) ones into links. */
  links?: boolean;
}

export interface EmailSection {
  heading: string;
  rows: EmailRow[];
}

// Mail clients ignore style sheets, so every style is inline.
const CELL: CSSProperties = {
  padding: '6px 10px',
  borderBottom: '1px solid #e2e2e2',
  verticalAlign: 'top',
  textAlign: 'left',
};
const LABEL: CSSProperties = { ...CELL, whiteSpace: 'nowrap', color: '#555' };
const HEADING: CSSProperties = { padding: '14px 10px 6px', textAlign: 'left', fontSize: 15, background: '#f4f4f4' };

/** Only http(s) becomes a link: a `javascript:` or `data:` URL from the shopper must stay inert text. */
function httpHref(line: string): string | undefined {
  let url: URL;
  try {
    url = new URL(line.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

function LinkedLine({ line }: { line: string }): ReactNode {
  const href = httpHref(line);
  return href ? <a href={href}>{line}</a> : line;
}

/** A value's lines with line breaks between them, each line a link where the row holds links. */
function RowValue({ row }: { row: EmailRow }): ReactNode {
  return row.value.split('\n').map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {row.links ? <LinkedLine line={line} /> : line}
    </Fragment>
  ));
}

function SectionRows({ section }: { section: EmailSection }): ReactNode {
  return (
    <>
      <tr>
        <th colSpan={2} style={HEADING}>
          {section.heading}
        </th>
      </tr>
      {section.rows.map((row, i) => (
        <tr key={i}>
          <th scope="row" style={LABEL}>
            {row.label}
          </th>
          <td style={CELL}>
            <RowValue row={row} />
          </td>
        </tr>
      ))}
    </>
  );
}

/** The sales team's notification of a lead: the subject as heading, then one table of every section. */
export function LeadEmailDocument({ subject, sections }: { subject: string; sections: EmailSection[] }): ReactNode {
  return (
    <html lang="en-AU">
      {/* eslint-disable-next-line @next/next/no-head-element -- a whole e-mail document, not a Next page */}
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 16, fontFamily: 'Arial,Helvetica,sans-serif', fontSize: 14, color: '#111' }}>
        <h1 style={{ fontSize: 18, margin: '0 0 12px' }}>{subject}</h1>
        <table cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', maxWidth: 680, width: '100%' }}>
          <tbody>
            {sections.map((section, i) => (
              <SectionRows key={i} section={section} />
            ))}
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The HTML part of the lead e-mail. React escapes every text and attribute the shopper controls. */
export function leadEmailHtml(subject: string, sections: EmailSection[]): string {
  // renderToStaticMarkup writes no doctype; without one, mail clients render in quirks mode.
  return `<!DOCTYPE html>\n${renderToStaticMarkup(<LeadEmailDocument subject={subject} sections={sections} />)}\n`;
}
