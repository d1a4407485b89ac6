'use client';
/**
 * One rjsf form of the Studio's editor (issue 16): a tab's keys, or one block's props. The form
 * never submits; each change goes up to the editor, which autosaves the draft and asks the server
 * to check it (the checks and messages of `npm run validate`). The server's issues come back as
 * rjsf's `extraErrors`, so each message shows at its field. rjsf's validator is used only to choose
 * between a schema's alternatives (oneOf/anyOf, if/then), never to report errors (`noValidate`):
 * it is ./schema-validator.ts, which interprets the schema where rjsf's ajv validator would compile
 * it with `new Function`, refused by the Studio's Content-Security-Policy (no 'unsafe-eval').
 */
import { memo, useEffect, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import { englishStringTranslator, TranslatableString, type ErrorSchema, type RJSFSchema } from '@rjsf/utils';
import type { JsonObject, SchemaNode } from './editor-types';
import type { ErrorTree } from './schema-tools';
import type { UiSchema } from './ui-schema';
import { STUDIO_FIELDS, STUDIO_TEMPLATES, STUDIO_WIDGETS, type StudioFormContext } from './widgets';
import { StudioSchemaValidator } from './schema-validator';

// Block facts and Studio keywords are annotations the validator passes over, as ajv does when not strict.
const validator = new StudioSchemaValidator();

/**
 * rjsf's own words, in the Studio's: the name of an entry of a named list (a button set named
 * "card") is its "short name", never rjsf's "card Key".
 */
export function studioWords(text: TranslatableString, params?: string[]): string {
  if (text === TranslatableString.KeyLabel) return `Short name of “${params?.[0] ?? ''}”`;
  return englishStringTranslator(text, params);
}

export interface SchemaFormProps {
  /** Used for the ids of the form's fields (must be unique on the page). */
  idPrefix: string;
  /** What the form's reports are kept under when several forms share an idPrefix (SectionForms); else idPrefix. */
  reportKey?: string;
  schema: SchemaNode;
  uiSchema: UiSchema;
  data: JsonObject;
  errors: ErrorTree;
  context: StudioFormContext;
  onChange: (data: JsonObject) => void;
}

/**
 * The same JSON data, however it is spelled: keys in any order, and a key holding `undefined` the same
 * as no key (the editor stores what a form reports cut and joined by key, and JSON drops undefined).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const leftKeys = keys(left);
  return leftKeys.length === keys(right).length && leftKeys.every((k) => sameData(left[k], right[k]));
}

/**
 * What each form (by its reportKey, unique on the page) last reported, until it renders again.
 * Typing (issue 32: under 50 ms a key): the form reports each key, the editor stores it and hands the
 * same data back. Given to rjsf, that echo of its own state was compared with and re-derived from the
 * whole form once more per key; `sameProps` lets React keep the form as it is instead.
 */
const reports = new Map<string, unknown>();

function SchemaFormInner(props: SchemaFormProps) {
  const { idPrefix, schema, uiSchema, data, errors, context, onChange } = props;
  const reportKey = props.reportKey ?? idPrefix;
  const extraErrors = useMemo(() => (Object.keys(errors).length ? (errors as ErrorSchema) : undefined), [errors]);
  // Rendered with this data: a report before it is no echo of it any more (an undo, then a redo, is a change).
  useEffect(() => {
    reports.delete(reportKey);
  }, [reportKey, data]);
  useEffect(() => () => void reports.delete(reportKey), [reportKey]);
  // rjsf takes its state from `formData` only when some prop differs from the last render's. Echoes
  // are never given to it (sameProps), so after typing it holds a value it was never given: data
  // from outside (an undo) equal to what it was last given, or the very same object (a block's
  // props, a form of the Forms tab), would look like no change and the field would keep the typed
  // text. Such data comes with a new `resync` in the form's context, which makes rjsf take it; the
  // report is dropped with it, since rjsf holds `data` from then on.
  const [given, setGiven] = useState(data);
  const [resync, setResync] = useState(0);
  if (data !== given) setGiven(data);
  if (reports.has(reportKey) && !sameData(data, reports.get(reportKey)) && sameData(data, given)) {
    reports.delete(reportKey);
    setResync((n) => n + 1);
  }
  const formContext = useMemo(() => (resync ? { ...context, resync } : context), [context, resync]);
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      translateString={studioWords}
      widgets={STUDIO_WIDGETS}
      fields={STUDIO_FIELDS}
      templates={STUDIO_TEMPLATES}
      formContext={formContext}
      idPrefix={idPrefix}
      extraErrors={extraErrors}
      showErrorList={false}
      noValidate
      noHtml5Validate
      liveValidate={false}
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
      }}
      onChange={(event) => {
        reports.set(reportKey, event.formData);
        onChange((event.formData ?? {}) as JsonObject);
      }}
      onSubmit={() => undefined}
    />
  );
}

/**
 * The form is left as it is only when `data` is what rjsf holds: its own last report (an echo), or,
 * with no report since its last render, the data it was given. The same `data` object is no proof:
 * after typing then an undo, the document hands back the very object the form had before.
 */
function sameProps(before: SchemaFormProps, after: SchemaFormProps): boolean {
  const keys = Object.keys(after) as (keyof SchemaFormProps)[];
  if (!keys.every((key) => key === 'data' || before[key] === after[key])) return false;
  const key = after.reportKey ?? after.idPrefix;
  if (!reports.has(key)) return before.data === after.data;
  return sameData(after.data, reports.get(key));
}

export const SchemaForm = memo(SchemaFormInner, sameProps);
