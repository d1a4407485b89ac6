/**
 * A small sketch of what a block looks like on the page (issue 33: "The block picker shows a small
 * picture or sketch and a one-line description per block"): boxes for pictures, lines for text,
 * an accent for buttons, on a 64 x 40 page. The common blocks have their own; the rest their
 * group's. Decoration only (aria-hidden): the block's name and description say it in words.
 */
type Shape = readonly [x: number, y: number, w: number, h: number, kind?: 'picture' | 'text' | 'accent' | 'line'];

const TEXT = (x: number, y: number, w: number): Shape => [x, y, w, 2, 'text'];

const CATEGORY_SKETCHES: Record<string, readonly Shape[]> = {
  content: [[4, 4, 56, 16, 'picture'], TEXT(4, 24, 40), TEXT(4, 29, 52), TEXT(4, 34, 30)],
  layout: [[0, 0, 64, 7, 'picture'], TEXT(4, 16, 40), TEXT(4, 21, 48), [0, 31, 64, 9, 'line']],
  search: [
    [4, 4, 56, 6, 'line'],
    [4, 14, 17, 12, 'picture'],
    [24, 14, 17, 12, 'picture'],
    [44, 14, 16, 12, 'picture'],
    TEXT(4, 30, 14),
    TEXT(24, 30, 14),
    TEXT(44, 30, 12),
  ],
  vehicle: [[4, 4, 36, 24, 'picture'], TEXT(44, 6, 16), TEXT(44, 11, 12), [44, 17, 16, 5, 'accent'], TEXT(4, 32, 36)],
  models: [
    [4, 6, 17, 14, 'picture'],
    [24, 6, 17, 14, 'picture'],
    [44, 6, 16, 14, 'picture'],
    TEXT(4, 24, 14),
    TEXT(24, 24, 14),
    TEXT(44, 24, 12),
  ],
  forms: [
    TEXT(4, 4, 24),
    [4, 9, 56, 5, 'line'],
    [4, 17, 56, 5, 'line'],
    [4, 25, 56, 5, 'line'],
    [4, 33, 18, 5, 'accent'],
  ],
  finance: [
    TEXT(4, 4, 30),
    [4, 11, 40, 2, 'line'],
    [30, 9, 4, 6, 'accent'],
    [4, 19, 40, 2, 'line'],
    [14, 17, 4, 6, 'accent'],
    [48, 8, 12, 14, 'picture'],
    [4, 30, 20, 6, 'accent'],
  ],
  locations: [
    [4, 4, 30, 32, 'picture'],
    TEXT(38, 6, 20),
    TEXT(38, 11, 16),
    TEXT(38, 16, 22),
    [38, 24, 18, 5, 'accent'],
  ],
  account: [
    [4, 4, 10, 10, 'picture'],
    TEXT(18, 6, 24),
    TEXT(18, 11, 16),
    [4, 19, 56, 5, 'line'],
    [4, 27, 56, 5, 'line'],
    [4, 35, 16, 4, 'accent'],
  ],
};

const BLOCK_SKETCHES: Record<string, readonly Shape[]> = {
  Hero: [[0, 0, 64, 40, 'picture'], [6, 10, 30, 4, 'text'], TEXT(6, 17, 24), [6, 24, 14, 5, 'accent']],
  PromotionsSlider: [
    [0, 4, 64, 26, 'picture'],
    [6, 12, 24, 3, 'text'],
    [6, 19, 12, 4, 'accent'],
    [26, 34, 4, 2, 'accent'],
    [34, 34, 4, 2, 'line'],
  ],
  RichText: [
    [4, 5, 30, 3, 'text'],
    TEXT(4, 12, 56),
    TEXT(4, 17, 52),
    TEXT(4, 22, 56),
    TEXT(4, 27, 40),
    TEXT(4, 32, 48),
  ],
  SearchResults: [
    [4, 4, 14, 32, 'line'],
    [22, 4, 11, 10, 'picture'],
    [36, 4, 11, 10, 'picture'],
    [50, 4, 10, 10, 'picture'],
    [22, 20, 11, 10, 'picture'],
    [36, 20, 11, 10, 'picture'],
    [50, 20, 10, 10, 'picture'],
  ],
  VehicleGallery: [
    [4, 4, 56, 24, 'picture'],
    [4, 31, 12, 7, 'picture'],
    [19, 31, 12, 7, 'picture'],
    [34, 31, 12, 7, 'picture'],
    [49, 31, 11, 7, 'picture'],
  ],
  VehicleLayout: [
    [4, 4, 36, 32, 'line'],
    [44, 4, 16, 20, 'line'],
    [46, 18, 12, 4, 'accent'],
  ],
  Section: [[2, 2, 60, 36, 'line'], TEXT(6, 6, 24), [6, 12, 52, 10, 'picture'], TEXT(6, 26, 40)],
  EnquiryForm: CATEGORY_SKETCHES.forms ?? [],
  SiteHeader: [[0, 0, 64, 10, 'picture'], [4, 3, 10, 4, 'accent'], TEXT(24, 4, 8), TEXT(35, 4, 8), TEXT(46, 4, 8)],
  SiteFooter: [
    [0, 22, 64, 18, 'picture'],
    TEXT(4, 26, 14),
    TEXT(4, 31, 10),
    TEXT(24, 26, 14),
    TEXT(24, 31, 12),
    TEXT(44, 26, 14),
  ],
  ComingSoon: [[10, 10, 44, 20, 'line'], [18, 16, 28, 3, 'text'], TEXT(22, 23, 20)],
};

const FILL: Record<NonNullable<Shape[4]>, string> = {
  picture: 'var(--studio-sketch-picture, #b8c4d0)',
  text: 'var(--studio-sketch-text, #4a5563)',
  accent: 'var(--studio-accent, #0b5cad)',
  line: 'var(--studio-sketch-line, #e3e8ee)',
};

export function BlockSketch({ type, category }: { type: string; category: string }) {
  const shapes = BLOCK_SKETCHES[type] ?? CATEGORY_SKETCHES[category] ?? CATEGORY_SKETCHES.content ?? [];
  return (
    <svg viewBox="0 0 64 40" width="64" height="40" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <rect x="0.5" y="0.5" width="63" height="39" rx="3" fill="#fff" stroke="#cfd6de" />
      {shapes.map(([x, y, w, h, kind = 'text'], i) => (
        <rect key={i} x={x} y={y} width={w} height={h} rx={kind === 'text' ? 1 : 2} fill={FILL[kind]} />
      ))}
    </svg>
  );
}
