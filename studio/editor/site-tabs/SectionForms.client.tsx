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
 *
 * A list the template supplies (the menus, the button sets, the offers) is shown with the template's
 * content, read-only and marked "From the template", until "Customise for this site" copies it here;
 * "Use the template’s again" (confirmed) drops the site's copy.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import { SchemaForm } from '../SchemaForm.client';
import { errorTreeFor, sectionSchema, type ErrorTree } from '../schema-tools';
import { uiSchemaFor } from '../ui-schema';
import { READ_ONLY_KEYS } from '../sections';
import type { StudioFormContext } from '../widgets';
import { hasErrors, isAdvancedProperty } from '../widgets/ObjectFieldTemplate.client';
import { MoreSettings } from '../widgets/MoreSettings.client';
import { inheritedKeys, type Origin } from '../document-model';
import { ConfirmBox, OriginMarker, originCss } from './TemplateOrigin.client';
import styles from '../editor.module.css';
import studio from '../../components/studio.module.css';
import { adminOnlyFields } from '../../../domain/studio/admin-fields';

const NO_ERRORS: ErrorTree = {};
/** Top-level keys only an admin may change (issue 30): nobody else is offered to customise them. */
const adminKeysOf = (bundle: SchemaNode) =>
  new Set(adminOnlyFields(bundle).flatMap((field) => (field.path.length === 1 ? field.path : [])));
let adminKeys: { bundle: SchemaNode; keys: ReadonlySet<string> } | undefined;
const adminKeysFor = (bundle: SchemaNode): ReadonlySet<string> => {
  if (adminKeys?.bundle !== bundle) adminKeys = { bundle, keys: adminKeysOf(bundle) };
  return adminKeys.keys;
};
/** A template's content shown read-only: nothing its form reports is kept. */
const ignore = () => undefined;

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
  /** The template's content, shown as it has it: nothing can be changed. */
  readOnly: boolean;
  onChange: (keys: readonly string[], data: JsonObject) => void;
}

const KeyForm = memo(function KeyForm(props: KeyFormProps) {
  const { idPrefix, name, bundle, adminFieldsLocked, value, errors, rootErrors, context, readOnly, onChange } = props;
  const schema = useMemo(() => sectionSchema(bundle, [name]), [bundle, name]);
  const uiSchema = useMemo(() => {
    const ui = uiSchemaFor(schema, READ_ONLY_KEYS, adminFieldsLocked);
    return readOnly ? { ...ui, 'ui:readonly': true } : ui;
  }, [schema, adminFieldsLocked, readOnly]);
  const data = useMemo<JsonObject>(
    () => (value === undefined ? {} : { [name]: value as JsonObject[string] }),
    [name, value],
  );
  const tree = useMemo<ErrorTree>(() => {
    if (!errors && !rootErrors) return NO_ERRORS;
    return { ...(errors ? { [name]: errors } : {}), ...(rootErrors ? { __errors: rootErrors } : {}) };
  }, [name, errors, rootErrors]);
  // The template's own content has nothing beneath it to show for a field left empty.
  const formContext = useMemo(
    () => ({ ...context, keyForm: true, ...(readOnly ? { inherited: undefined } : {}) }),
    [context, readOnly],
  );
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
      onChange={readOnly ? ignore : onForm}
    />
  );
});

/** A key's title in the schema ("Menus", "Button sets"), else the key. */
const titleOf = (bundle: SchemaNode, key: string): string => {
  const properties = (bundle.properties ?? {}) as Record<string, { title?: unknown }>;
  const title = properties[key]?.title;
  return typeof title === 'string' ? title : key;
};

const noticeId = (idPrefix: string, key: string) => `${idPrefix}-${key}-origin`;

/**
 * Above a key the template supplies: where its content comes from and the one action that changes
 * that, with what it means in one sentence.
 */
function OriginNotice(props: {
  idPrefix: string;
  name: string;
  title: string;
  origin: Exclude<Origin, 'own'>;
  confirming: boolean;
  /** Only an admin may change this key (issue 30): where it comes from is said, with no action. */
  locked: boolean;
  onCustomise: () => void;
  onAsk: () => void;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { idPrefix, name, title, origin, confirming, locked } = props;
  const id = noticeId(idPrefix, name);
  return (
    <>
      <div id={id} className={`${studio.notice} ${originCss.origin}`} tabIndex={-1}>
        <p>
          <OriginMarker origin={origin} />{' '}
          {origin === 'template'
            ? `“${title}” come from the template and are shown as the template has them.`
            : `This site has its own copy of “${title}”, in place of the template’s.`}
        </p>
        {locked ? (
          <p>Only an administrator can change them.</p>
        ) : origin === 'template' ? (
          <>
            <button type="button" className={studio.button} aria-describedby={`${id}-what`} onClick={props.onCustomise}>
              Customise “{title}” for this site
            </button>
            <p id={`${id}-what`}>
              This site then keeps its own copy of “{title}” and stops following the template’s changes to them.
            </p>
          </>
        ) : (
          <button type="button" className={`${studio.button} ${studio.secondary}`} onClick={props.onAsk}>
            Use the template’s “{title}” again
          </button>
        )}
      </div>
      {confirming ? (
        <ConfirmBox
          id={`${id}-confirm`}
          question={`Discard this site’s “${title}” and use the template’s again?`}
          yes="Yes, use the template’s"
          no="Keep this site’s copy"
          onYes={props.onConfirmed}
          onNo={props.onCancel}
        />
      ) : null}
    </>
  );
}

export interface SectionFormsProps {
  idPrefix: string;
  bundle: SchemaNode;
  keys: readonly string[];
  document: JsonObject;
  /** What the template and dealer group supply, merged (without the site's own document). */
  inherited: JsonObject;
  issues: readonly EditorIssue[];
  adminFieldsLocked: boolean;
  context: StudioFormContext;
  /** Remounts every form (a key copied from the template or given back: rjsf reads a map's entries when it mounts). */
  generation: number;
  onChange: (keys: readonly string[], data: JsonObject) => void;
  /** A key replaced as a whole: copied from the template, or given back to it (`{}`). */
  onReplace: (keys: readonly string[], data: JsonObject) => void;
}

export function SectionForms(props: SectionFormsProps) {
  const { idPrefix, bundle, keys, document, inherited, issues, adminFieldsLocked, context, generation } = props;
  const { onChange, onReplace } = props;
  // Keys only an admin may change are never offered to be customised by anyone else (issue 30).
  const origins = useMemo(
    () =>
      new Map(
        inheritedKeys(document, inherited, keys).map(({ key, state }) => [
          key,
          state === 'inherited' ? ('template' as const) : ('customised' as const),
        ]),
      ),
    [document, inherited, keys],
  );
  const ADMIN_KEYS = adminKeysFor(bundle);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a key is customised or given back, focus stays with its notice (its button was replaced).
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    window.document.getElementById(noticeId(idPrefix, focusAfter.current))?.focus();
    focusAfter.current = null;
  });
  const customise = (key: string, title: string) => {
    focusAfter.current = key;
    setConfirming(null);
    setAnnouncement(`“${title}” copied to this site: change them below.`);
    onReplace([key], { [key]: structuredClone(inherited[key]) as JsonObject[string] });
  };
  const backToTemplate = (key: string, title: string) => {
    focusAfter.current = key;
    setConfirming(null);
    setAnnouncement(`“${title}”: the template’s are used again.`);
    onReplace([key], {});
  };
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
  const form = (key: string, first: boolean) => {
    const origin = origins.get(key);
    const keyForm = (
      <KeyForm
        key={`${key}:${generation}:${origin === 'template' ? 'view' : 'edit'}`}
        idPrefix={idPrefix}
        name={key}
        bundle={bundle}
        adminFieldsLocked={adminFieldsLocked}
        value={origin === 'template' ? inherited[key] : document[key]}
        errors={subtree(key)}
        rootErrors={first ? rootErrors : undefined}
        context={context}
        readOnly={origin === 'template'}
        onChange={onChange}
      />
    );
    if (!origin) return keyForm;
    const title = titleOf(bundle, key);
    return (
      <div key={key} className={originCss.keyBlock}>
        <OriginNotice
          idPrefix={idPrefix}
          name={key}
          title={title}
          origin={origin}
          confirming={confirming === key}
          locked={adminFieldsLocked && ADMIN_KEYS.has(key)}
          onCustomise={() => customise(key, title)}
          onAsk={() => setConfirming(key)}
          onConfirmed={() => backToTemplate(key, title)}
          onCancel={() => setConfirming(null)}
        />
        {keyForm}
      </div>
    );
  };
  const basic = keys.filter((key) => !advancedKeys.has(key));
  const advanced = keys.filter((key) => advancedKeys.has(key));
  return (
    <div id={idPrefix} className={styles.sectionForms}>
      <p className={styles.visuallyHidden} role="status">
        {announcement}
      </p>
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
