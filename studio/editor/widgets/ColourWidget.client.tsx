'use client';
/**
 * The colour widget of the Studio's forms (issue 16; ui-schema.ts gives it to every `tenant.colour`):
 * the browser's colour picker, the hex value as text (for a colour from a brand guide), and a
 * swatch. Text that is not `#rrggbb` is kept as typed: the server's validation reports it at the
 * field, like every other mistake, and the picker and swatch wait for a colour they can show.
 */
import { useContext, type CSSProperties } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { isHexColour } from '../../../domain/studio/contrast';
import { fallbackFor } from './inherited-value';
import { SwitchDefaultContext } from './SwitchWidget.client';

const row: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' };
const swatchBase: CSSProperties = {
  display: 'inline-block',
  width: '2rem',
  height: '2rem',
  borderRadius: '4px',
  border: '1px solid #5b6570',
  flex: 'none',
};
// No colour to show: hatched, so an empty swatch is never mistaken for white.
const noColour = 'repeating-linear-gradient(45deg, #ffffff 0 4px, #cfd6de 4px 8px)';

export function ColourWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly, autofocus, rawErrors } = props;
  const { onChange, onBlur, onFocus, options, schema } = props;
  const text = typeof value === 'string' ? value : '';
  const colour = isHexColour(text) ? text.toLowerCase() : undefined;
  // Left empty, the template's colour (else the default) applies: the swatch and the picker start from it.
  const given = useContext(SwitchDefaultContext);
  const fallback = (given?.fallback ?? fallbackFor(undefined, [], schema.default))?.value;
  const applies =
    text === '' && typeof fallback === 'string' && isHexColour(fallback) ? fallback.toLowerCase() : undefined;
  const what = label || name || 'Colour';
  const invalid = (rawErrors?.length ?? 0) > 0 || (text !== '' && !colour);
  // An empty box means "not set here": the template's colour applies.
  const change = (next: string) => onChange(next === '' ? options.emptyValue : next);
  return (
    <div style={row}>
      <span
        aria-hidden="true"
        title={colour ?? applies ?? 'No colour'}
        style={{ ...swatchBase, background: colour ?? applies ?? noColour }}
      />
      <input
        type="color"
        id={`${id}__picker`}
        aria-label={`${what}: colour picker`}
        value={colour ?? applies ?? '#000000'}
        disabled={disabled || readonly}
        onChange={(event) => change(event.target.value)}
        onBlur={() => onBlur(id, text)}
        onFocus={() => onFocus(id, text)}
        style={{ width: '3rem', height: '2.25rem', padding: 0, cursor: 'pointer' }}
      />
      <input
        type="text"
        id={id}
        name={htmlName ?? id}
        value={text}
        placeholder="#rrggbb"
        // rjsf's label names this box; without one (hidden in a list), it names itself.
        {...(hideLabel || !label ? { 'aria-label': `${what}: hex value (#rrggbb)` } : {})}
        aria-describedby={ariaDescribedByIds(id)}
        aria-invalid={invalid || undefined}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        size={9}
        onChange={(event) => change(event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
        style={{ fontFamily: 'ui-monospace, monospace' }}
      />
    </div>
  );
}
