'use client';
/**
 * rjsf's field frame with one addition for the Studio (issue 16): a field this site leaves empty
 * says what the site shows instead — the value its template or dealer group sets, else the
 * schema's default — so an editor sees what applies before overriding it.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import type { StudioFormContext } from './index';
import styles from '../editor.module.css';

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;

/** The value at a path of the inherited document, when it is a plain value (not an object or list). */
function inheritedAt(document: Record<string, unknown> | undefined, path: readonly (string | number)[]) {
  let node: unknown = document;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? node : undefined;
}

const shown = (value: string | number | boolean): string =>
  typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value);

export function FieldTemplate(props: FieldTemplateProps) {
  const context = props.registry.formContext as StudioFormContext | undefined;
  if (props.formData !== undefined || !context?.inherited) return <DefaultFieldTemplate {...props} />;
  const inherited = inheritedAt(context.inherited, props.fieldPathId.path);
  const fallback = props.schema.default;
  const value =
    inherited ??
    (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean'
      ? fallback
      : undefined);
  if (value === undefined || value === '') return <DefaultFieldTemplate {...props} />;
  const help = (
    <>
      {props.help}
      <p className={styles.inherited}>
        {inherited !== undefined
          ? 'Left empty, the site shows the template’s '
          : 'Left empty, the site uses the default '}
        <code>{shown(value)}</code>
      </p>
    </>
  );
  return <DefaultFieldTemplate {...props} help={help} />;
}
