'use client';
/**
 * A tab's settings as one rjsf form per top-level key of the document (issue 32: under 50 ms a key).
 * rjsf works over its whole form on every key typed (its defaults, its comparisons, every group's
 * schema); one form per key keeps that work to the setting being typed in, and the other keys'
 * forms are not rendered again at all (their data, errors and schema are the same objects).
 *
 * To the editor it reads as one form: the fields keep the ids of the tab's form (`f-identity_name`),
 * the keys show in the tab's order, and the keys most sites never change (`"x-studio": "advanced"`)
 * come last behind one "More settings (N)", which opens by itself when one of them has a problem.
 */
import { memo, useCallback, useMemo } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { EditorIssue, JsonObject, SchemaNode } from './editor-types';
import { SchemaForm } from './SchemaForm.client';
import { errorTreeFor, sectionSchema, type ErrorTree } from './schema-tools';
import { uiSchemaFor } from './ui-schema';
import { READ_ONLY_KEYS } from './sections';
import type { StudioFormContext } from './widgets';
import { hasErrors, isAdvancedProperty } from './widgets/ObjectFieldTemplate.client';
import { MoreSettings } from './widgets/MoreSettings.client';
import styles from './editor.module.css';

const NO_ERRORS: ErrorTree = {};

interface KeyFormProps {
  /** The tab's form id (`f-identity`): the fields' ids start with it. */
  idPrefix: string;
  name: string;
  bundle: SchemaNode;
  adminFieldsLocked: boolean;
  /** The key's value in the document (undefined: the site inherits it). */
  value: unknown;
  /** The key's own problems (the tree under the key), and for the first form those of the whole document. */
  errors: ErrorTree | undefined;
  rootErrors: string[] | undefined;
  context: StudioFormContext;
  onChange: (keys: readonly string[], data: JsonObject) => void;
}

const KeyForm = memo(function KeyForm(props: KeyFormProps) {
  const { idPrefix, name, bundle, adminFieldsLocked, value, errors, rootErrors, context, onChange } = props;
  const schema = useMemo(() => sectionSchema(bundle, [name]), [bundle, name]);
  const uiSchema = useMemo(() => uiSchemaFor(schema, READ_ONLY_KEYS, adminFieldsLocked), [schema, adminFieldsLocked]);
  const data = useMemo<JsonObject>(
    () => (value === undefined ? {} : { [name]: value as JsonObject[string] }),
    [name, value],
  );
  const tree = useMemo<ErrorTree>(() => {
    if (!errors && !rootErrors) return NO_ERRORS;
    return { ...(errors ? { [name]: errors } : {}), ...(rootErrors ? { __errors: rootErrors } : {}) };
  }, [name, errors, rootErrors]);
  const formContext = useMemo(() => ({ ...context, keyForm: true }), [context]);
  const onForm = useCallback((formData: JsonObject) => onChange([name], formData), [name, onChange]);
  return (
    <SchemaForm
      idPrefix={idPrefix}
      reportKey={`${idPrefix}/${name}`}
      schema={schema}
      uiSchema={uiSchema}
      data={data}
      errors={tree}
      context={formContext}
      onChange={onForm}
    />
  );
});

export interface SectionFormsProps {
  idPrefix: string;
  bundle: SchemaNode;
  keys: readonly string[];
  document: JsonObject;
  issues: readonly EditorIssue[];
  adminFieldsLocked: boolean;
  context: StudioFormContext;
  /** Remounts every form (a key copied from the template or given back: rjsf reads a map's entries when it mounts). */
  generation: number;
  onChange: (keys: readonly string[], data: JsonObject) => void;
}

export function SectionForms(props: SectionFormsProps) {
  const { idPrefix, bundle, keys, document, issues, adminFieldsLocked, context, generation, onChange } = props;
  const tree = useMemo(() => errorTreeFor(issues, ''), [issues]);
  const advancedKeys = useMemo(() => {
    const schema = sectionSchema(bundle, keys);
    const advanced = keys.filter((key) => isAdvancedProperty(schema, key, schema));
    // A tab whose settings are all advanced shows them directly (there is nothing else to show).
    return new Set(advanced.length === keys.length ? [] : advanced);
  }, [bundle, keys]);
  const subtree = (key: string) => {
    const node = tree[key];
    return node && !Array.isArray(node) ? node : undefined;
  };
  const rootErrors = tree.__errors?.length ? tree.__errors : undefined;
  const form = (key: string, first: boolean) => (
    <KeyForm
      key={`${key}:${generation}`}
      idPrefix={idPrefix}
      name={key}
      bundle={bundle}
      adminFieldsLocked={adminFieldsLocked}
      value={document[key]}
      errors={subtree(key)}
      rootErrors={first ? rootErrors : undefined}
      context={context}
      onChange={onChange}
    />
  );
  const basic = keys.filter((key) => !advancedKeys.has(key));
  const advanced = keys.filter((key) => advancedKeys.has(key));
  return (
    <div id={idPrefix} className={styles.sectionForms}>
      {basic.map((key, index) => form(key, index === 0))}
      {advanced.length ? (
        <MoreSettings
          id={`${idPrefix}-more`}
          count={advanced.length}
          hasProblem={advanced.some((key) => hasErrors(subtree(key) as ErrorSchema | undefined))}
        >
          {advanced.map((key) => form(key, false))}
        </MoreSettings>
      ) : null}
    </div>
  );
}
