import { describe, expect, it } from 'vitest';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { loadTenantRegistry } from '../../../engine/tenant-registry';
import type { ResolvedTenant } from '../../../schemas/types.generated';
import { A4, Cursor, WIDTH } from './page-cursor';
import { colour, drawFooters, drawHeaderBand, startSitePdf } from './site-pdf';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant missing');
const tenant: ResolvedTenant = entry.config;
const themed = (primary: string, onPrimary: string): ResolvedTenant => ({
  ...tenant,
  theme: { ...tenant.theme, colors: { ...tenant.theme.colors, primary, onPrimary } },
});

/** The texts drawn on a page from now on. */
function texts(page: PDFPage): string[] {
  const drawn: string[] = [];
  const drawText = page.drawText.bind(page);
  page.drawText = (text, options) => {
    drawn.push(text);
    drawText(text, options);
  };
  return drawn;
}

describe('colour', () => {
  it('reads #rrggbb and falls back for anything else', () => {
    expect(colour('#ff8000', rgb(0, 0, 0))).toEqual(rgb(1, 128 / 255, 0));
    expect(colour('#FF8000', rgb(0, 0, 0))).toEqual(rgb(1, 128 / 255, 0));
    expect(colour('red', rgb(0.5, 0.5, 0.5))).toEqual(rgb(0.5, 0.5, 0.5));
    expect(colour('#f80', rgb(0.5, 0.5, 0.5))).toEqual(rgb(0.5, 0.5, 0.5));
  });
});

describe('startSitePdf', () => {
  it('names the document and its author after the site, and takes the theme colours', async () => {
    const site = await startSitePdf(themed('#003366', '#ffffff'), { title: 'A title', subject: 'A subject' });
    site.doc.addPage(A4);
    const saved = await PDFDocument.load(await site.doc.save(), { updateMetadata: false });
    expect(saved.getTitle()).toBe('A title');
    expect(saved.getSubject()).toBe('A subject');
    expect(saved.getAuthor()).toBe(tenant.name);
    expect(saved.getCreator()).toBe(tenant.name);
    expect(site.primary).toEqual(rgb(0, 0x33 / 255, 0x66 / 255));
    expect(site.onPrimary).toEqual(rgb(1, 1, 1));
  });

  it('filters text to what its fonts can draw', async () => {
    const { safe } = await startSitePdf(tenant, { title: 't', subject: 's' });
    expect(safe('Škoda 🚗 x\u2212y')).toBe('Škoda  x-y');
  });
});

describe('drawHeaderBand', () => {
  it('draws the name and phone on the band and moves the cursor below it', async () => {
    const site = await startSitePdf(tenant, { title: 't', subject: 's' });
    const cursor = new Cursor(site.doc, site.fonts);
    const drawn = texts(cursor.page);
    drawHeaderBand(site, cursor, 'Harbour City ✨ Mazda', '(02) 9555 0100');
    expect(drawn).toEqual(['Harbour City  Mazda', '(02) 9555 0100']);
    expect(cursor.y).toBe(A4[1] - 54 - 22);
  });

  it('shortens a long name so it never runs into the phone', async () => {
    const site = await startSitePdf(tenant, { title: 't', subject: 's' });
    const cursor = new Cursor(site.doc, site.fonts);
    const drawn = texts(cursor.page);
    drawHeaderBand(site, cursor, 'Dealer '.repeat(40), undefined);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.endsWith('…')).toBe(true);
    expect(site.fonts.bold.widthOfTextAtSize(drawn[0] ?? '', 16)).toBeLessThanOrEqual(WIDTH - 16);
  });
});

describe('drawFooters', () => {
  it('puts the dealer and the page count on every page', async () => {
    const site = await startSitePdf(tenant, { title: 't', subject: 's' });
    const pages = [site.doc.addPage(A4), site.doc.addPage(A4), site.doc.addPage(A4)];
    const drawn = pages.map(texts);
    drawFooters(site, 'Harbour City Mazda', '(02) 9555 0100');
    expect(drawn).toEqual([
      ['Harbour City Mazda · (02) 9555 0100', 'Page 1 of 3'],
      ['Harbour City Mazda · (02) 9555 0100', 'Page 2 of 3'],
      ['Harbour City Mazda · (02) 9555 0100', 'Page 3 of 3'],
    ]);
  });

  it('leaves the phone out when there is none', async () => {
    const site = await startSitePdf(tenant, { title: 't', subject: 's' });
    const drawn = texts(site.doc.addPage(A4));
    drawFooters(site, 'Harbour City Mazda', undefined);
    expect(drawn).toEqual(['Harbour City Mazda', 'Page 1 of 1']);
  });
});
