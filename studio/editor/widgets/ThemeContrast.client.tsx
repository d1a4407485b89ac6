'use client';
/**
 * The theme tab's contrast check (issue 16): beside the colour pickers, which text colours are
 * hard to read on the colour they are shown on (WCAG AA, 4.5:1 for normal text), each with a
 * sample. `colors` are the effective colours (the site's over its template's); a status region,
 * so a change of colour that fixes or breaks a pair is announced.
 */
import { useMemo, type CSSProperties } from 'react';
import { themeContrastWarnings } from '../../../domain/studio/contrast';

const box: CSSProperties = {
  margin: '0 0 1rem',
  padding: '0.5rem 0.75rem',
  borderRadius: '4px',
};
const ok: CSSProperties = { ...box, borderLeft: '4px solid #0b5a2a', background: '#f0f8f2' };
const warn: CSSProperties = { ...box, borderLeft: '4px solid #7a4100', background: '#fff7ec' };
const sample: CSSProperties = {
  display: 'inline-block',
  minWidth: '2.5rem',
  marginRight: '0.5rem',
  padding: '0 0.375rem',
  border: '1px solid #5b6570',
  borderRadius: '3px',
  fontWeight: 600,
  textAlign: 'center',
};

export function ThemeContrast({ colors }: { colors: Record<string, string | undefined> }) {
  const warnings = useMemo(() => themeContrastWarnings(colors), [colors]);
  return (
    <div role="status" style={warnings.length ? warn : ok}>
      {warnings.length === 0 ? (
        <p style={{ margin: 0 }}>All text colours meet WCAG AA contrast.</p>
      ) : (
        <>
          <p style={{ margin: '0 0 0.25rem', fontWeight: 600 }}>
            {warnings.length === 1 ? 'One text colour is' : `${warnings.length} text colours are`} hard to read on their
            background:
          </p>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {warnings.map((warning) => (
              <li key={`${warning.foreground}/${warning.background}`}>
                <span
                  aria-hidden="true"
                  style={{
                    ...sample,
                    color: colors[warning.foreground],
                    background: colors[warning.background],
                  }}
                >
                  Aa
                </span>
                {warning.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
