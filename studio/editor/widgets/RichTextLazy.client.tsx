'use client';
/**
 * The rich-text editor (RichTextWidget.client.tsx) loaded when an HTML field is first shown, so
 * the editor's other tabs do not carry it. Until it has loaded, the field is its HTML in a box.
 */
import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';

const RichTextWidget = lazy(() => import('./RichTextWidget.client'));

export function RichTextLazy(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, label } = props;
  return (
    <Suspense
      fallback={
        <textarea
          id={id}
          aria-label={`${label || 'Text'} (loading the text editor)`}
          value={typeof value === 'string' ? value : ''}
          rows={6}
          disabled={disabled || readonly}
          onChange={(event) => onChange(event.target.value)}
        />
      }
    >
      <RichTextWidget {...props} />
    </Suspense>
  );
}
