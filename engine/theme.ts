import type { CSSProperties } from 'react';
import type { ResolvedTheme } from '../schemas/types.generated';

const RADIUS = { none: '0', small: '6px', large: '14px' } as const;

/** The tenant theme as CSS custom properties on the site wrapper; styles read only these. */
export function themeStyle(theme: ResolvedTheme): CSSProperties {
  const c = theme.colors;
  return {
    '--color-primary': c.primary,
    '--color-on-primary': c.onPrimary,
    '--color-accent': c.accent,
    '--color-on-accent': c.onAccent,
    '--color-background': c.background,
    '--color-surface': c.surface,
    '--color-text': c.text,
    '--color-muted': c.mutedText,
    '--color-header-bg': c.headerBackground,
    '--color-header-text': c.headerText,
    '--color-footer-bg': c.footerBackground,
    '--color-footer-text': c.footerText,
    '--radius': RADIUS[theme.radius],
    '--font-body': `var(--font-${theme.font})`,
    '--font-heading': `var(--font-${theme.headingFont})`,
  } as CSSProperties;
}
