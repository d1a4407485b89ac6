'use client';
/**
 * rjsf's select, named for screen readers everywhere. rjsf labels a field's own select through the
 * field's label, but the select it adds to choose between a schema's alternatives (anyOf/oneOf: "a
 * switch name or a list of them") has no label of its own; this gives it one from the field's
 * title, so every control in the Studio has an accessible name (axe: select-name).
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';
import styles from '../editor.module.css';

const DefaultSelect = getDefaultRegistry().widgets.SelectWidget;

const isAlternativeChooser = (id: string) => id.endsWith('__anyof_select') || id.endsWith('__oneof_select');

export function SelectWidget(props: WidgetProps) {
  if (!DefaultSelect) return null;
  if (!isAlternativeChooser(props.id)) return <DefaultSelect {...props} />;
  return (
    <label className={styles.chooser}>
      <span className={styles.visuallyHidden}>{`${props.label || 'Value'}: kind of value`}</span>
      <DefaultSelect {...props} />
    </label>
  );
}
