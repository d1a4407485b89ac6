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
import { memo, useMemo } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { JsonObject, SchemaNode } from './editor-types';
import type { ErrorTree } from './schema-tools';
import type { UiSchema } from './ui-schema';
import { STUDIO_FIELDS, STUDIO_TEMPLATES, STUDIO_WIDGETS, type StudioFormContext } from './widgets';
import { StudioSchemaValidator } from './schema-validator';

// Block facts and Studio keywords are annotations the validator passes over, as ajv does when not strict.
const validator = new StudioSchemaValidator();

export interface SchemaFormProps {
  /** Used for the ids of the form's fields (must be unique on the page). */
  idPrefix: string;
  schema: SchemaNode;
  uiSchema: UiSchema;
  data: JsonObject;
  errors: ErrorTree;
  context: StudioFormContext;
  onChange: (data: JsonObject) => void;
}

function SchemaFormInner({ idPrefix, schema, uiSchema, data, errors, context, onChange }: SchemaFormProps) {
  const extraErrors = useMemo(() => (Object.keys(errors).length ? (errors as ErrorSchema) : undefined), [errors]);
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      widgets={STUDIO_WIDGETS}
      fields={STUDIO_FIELDS}
      templates={STUDIO_TEMPLATES}
      formContext={context}
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
      onChange={(event) => onChange((event.formData ?? {}) as JsonObject)}
      onSubmit={() => undefined}
    />
  );
}

export const SchemaForm = memo(SchemaFormInner);
