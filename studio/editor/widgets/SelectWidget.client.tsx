'use client';
/**
 * rjsf's select, named for screen readers everywhere. rjsf labels a field's own select through the
 * field's label, but the select it adds to choose between a schema's alternatives (anyOf/oneOf: "a
 * switch name or a list of them") has no label of its own; this gives it one from the field's
 * title, so every control in the Studio has an accessible name (axe: select-name). An optional
 * list's empty entry is named too: "Template default (now Medium)" or the schema's words for empty.
 */
import { useContext } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';
import styles from '../editor.module.css';
import { emptyChoiceLabel } from './inherited-value';
import { SwitchDefaultContext } from './SwitchWidget.client';

const DefaultSelect = getDefaultRegistry().widgets.SelectWidget;

const isAlternativeChooser = (id: string) => id.endsWith('__anyof_select') || id.endsWith('__oneof_select');

export function SelectWidget(props: WidgetProps) {
  // The empty entry of an optional list says what empty does: the template's choice, or the
  // schema's words (ui-schema.ts passes `x-unset-label` as the placeholder); never a blank line.
  const fallback = useContext(SwitchDefaultContext)?.fallback;
  if (!DefaultSelect) return null;
  if (!isAlternativeChooser(props.id)) {
    const empty = emptyChoiceLabel(fallback, props.placeholder || undefined, props.options.enumOptions ?? []);
    return <DefaultSelect {...props} placeholder={empty ?? props.placeholder} />;
  }
  return (
    <label className={styles.chooser}>
      <span className={styles.visuallyHidden}>{`${props.label || 'Value'}: kind of value`}</span>
      <DefaultSelect {...props} />
    </label>
  );
}
