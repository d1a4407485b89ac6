'use client';
/**
 * The editor's Forms tab (issue 32): one form at a time. The site's forms are listed by their
 * titles, each marked "From the template" or "This site's own" with its problem count; the chosen
 * one is the only rjsf form on the page (one form has up to ~200 inputs, all of them ~3,000, which
 * made every key press lag). The settings every form shares and the test-drive times are chosen
 * from the same list, each in its own small form.
 *
 * The engine merges forms by name (forms-model.ts): a template form is shown as the template has
 * it, read-only, with "Customise for this site", which copies it to the site; a customised form is
 * edited in place and "Use the template's again" drops the site's copy of that form alone.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import { SchemaForm } from '../SchemaForm.client';
import { errorTreeFor, pointerOf, sectionSchema, type ErrorTree } from '../schema-tools';
import { uiSchemaFor, type UiSchema } from '../ui-schema';
import { READ_ONLY_KEYS } from '../sections';
import type { StudioFormContext } from '../widgets';
import { formNotes, type Notes, type SharedFormSettings } from '../../../domain/studio/override-notes';
import {
  CUSTOMISE_SENTENCE,
  type FormOrigin,
  addForm,
  customiseForm,
  firstChoice,
  formEntries,
  formPointer,
  formSummary,
  oneFormSchema,
  settingsEntries,
  templateFallbacks,
  updateForm,
  validChoice,
  wholeFormsIssues,
  withoutForm,
  type AddFormResult,
  type Choice,
  type FormEntry,
  type SettingsEntry,
} from './forms-model';
import styles from '../../components/studio.module.css';
import css from './forms.module.css';
import { ConfirmBox, OriginMarker, originCss } from '../site-tabs/TemplateOrigin.client';

export interface FormsPanelProps {
  /** The site being edited (image uploads are stored for it). */
  slug: string;
  /** schemas/studio.schema.json. */
  bundle: SchemaNode;
  /** The tab's keys: `forms`, then the settings every form shares and the test-drive times. */
  keys: readonly string[];
  document: JsonObject;
  /** What the template and dealer group supply, merged (without the site's own document). */
  inherited: JsonObject;
  /** The server's issues about the whole document (pointers from its root). */
  issues: EditorIssue[];
  /** Not an admin: the fields only an admin may change are read-only (issue 30). */
  adminFieldsLocked: boolean;
  /** The document's `keys` replaced by `data` (a key missing from `data` is removed). */
  onChange: (keys: readonly string[], data: JsonObject) => void;
}

const BASE_ID = 'forms-tab';
const choiceKey = (c: Choice) => (c.kind === 'form' ? `form-${c.name}` : `key-${c.key}`);
const ids = {
  listHeading: `${BASE_ID}-list`,
  settingsHeading: `${BASE_ID}-settings`,
  heading: `${BASE_ID}-heading`,
  customise: `${BASE_ID}-customise`,
  customiseWhat: `${BASE_ID}-customise-what`,
  undo: `${BASE_ID}-undo`,
  remove: `${BASE_ID}-remove`,
  confirm: `${BASE_ID}-confirm`,
  confirmNo: `${BASE_ID}-confirm-no`,
  choice: (choice: Choice) => `${BASE_ID}-${choiceKey(choice)}`,
};

const problemsText = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);
const sameChoice = (a: Choice | undefined, b: Choice) => a !== undefined && choiceKey(a) === choiceKey(b);
/** The root of one form's editor: no heading of its own; its "one page or steps" chooser is named. */
const FORM_ROOT_UI: UiSchema = { 'ui:title': 'Form layout', 'ui:label': false };
/** A template's content shown read-only: nothing the form reports is kept. */
const ignore = () => undefined;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What "Use the template's again" or "Remove this form" waits to be confirmed for. */
interface Confirming {
  choice: Choice;
  action: 'template' | 'remove';
}

export function FormsPanel(props: FormsPanelProps) {
  const { slug, bundle, keys, document, inherited, issues, adminFieldsLocked, onChange } = props;
  const ownForms = document.forms;
  const templateForms = inherited.forms;
  // The settings every form shares, as the site has them (its own over the template's).
  const formSettings = useMemo(
    (): SharedFormSettings => ({
      ...(isObject(inherited.formSettings) ? inherited.formSettings : {}),
      ...(isObject(document.formSettings) ? document.formSettings : {}),
    }),
    [document.formSettings, inherited.formSettings],
  );
  const settingKeys = useMemo(() => keys.filter((key) => key !== 'forms'), [keys]);
  const forms = useMemo(() => formEntries(ownForms, templateForms, issues), [ownForms, templateForms, issues]);
  const settings = useMemo(
    () => settingsEntries(bundle, document, inherited, settingKeys, issues),
    [bundle, document, inherited, settingKeys, issues],
  );
  const [chosen, setChosen] = useState<Choice | undefined>(() => firstChoice(forms, settings));
  const choice = validChoice(chosen, forms, settings);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Where the focus goes after an action re-renders the panel (a removed button cannot keep it).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    window.document.getElementById(id)?.focus();
  });

  const changeForms = useCallback(
    (next: JsonObject | undefined) => onChange(['forms'], next ? { forms: next } : {}),
    [onChange],
  );

  function choose(next: Choice) {
    setChosen(next);
    setConfirming(null);
  }

  function customise(entry: FormEntry) {
    changeForms(customiseForm(ownForms, templateForms, entry.name));
    setAnnouncement(`“${entry.label}” is now this site’s own copy. Its fields can be changed.`);
    focusNext.current = ids.heading;
  }

  function confirmed(entry: FormEntry, action: Confirming['action']) {
    setConfirming(null);
    changeForms(withoutForm(ownForms, entry.name));
    if (action === 'template') {
      setAnnouncement(`“${entry.label}”: the template’s form is used again.`);
      focusNext.current = ids.heading;
    } else {
      setAnnouncement(`“${entry.label}” removed from this site.`);
      setChosen(undefined);
      focusNext.current = ids.listHeading;
    }
  }

  function customiseSetting(entry: SettingsEntry) {
    onChange([entry.key], { [entry.key]: structuredClone(inherited[entry.key]) });
    setAnnouncement(`“${entry.label}” are now this site’s own. They can be changed.`);
    focusNext.current = ids.heading;
  }

  function settingConfirmed(entry: SettingsEntry) {
    setConfirming(null);
    onChange([entry.key], {});
    setAnnouncement(`“${entry.label}”: the template’s are used again.`);
    focusNext.current = ids.heading;
  }

  function ask(action: Confirming['action']) {
    if (!choice) return;
    setConfirming({ choice, action });
    focusNext.current = ids.confirmNo;
  }

  function cancel() {
    const action = confirming?.action;
    setConfirming(null);
    focusNext.current = action === 'remove' ? ids.remove : ids.undo;
  }

  const add = (words: string): AddFormResult => {
    const result = addForm(ownForms, templateForms, words);
    if (!result.ok) return result;
    changeForms(result.own);
    setChosen({ kind: 'form', name: result.name });
    setConfirming(null);
    setAnnouncement(
      `Form “${words.trim()}” added with four starter fields. Pages show it where a form block names it.`,
    );
    focusNext.current = ids.heading;
    return result;
  };

  const entry = choice?.kind === 'form' ? forms.find((f) => f.name === choice.name) : undefined;
  const setting = choice?.kind === 'settings' ? settings.find((s) => s.key === choice.key) : undefined;
  const isConfirming = Boolean(choice && confirming && sameChoice(confirming.choice, choice));
  const whole = wholeFormsIssues(issues);

  return (
    <div className={css.panel}>
      <section className={css.list} aria-labelledby={ids.listHeading}>
        <h3 id={ids.listHeading} className={css.listHeading} tabIndex={-1}>
          Forms of this site
        </h3>
        {whole.length ? <IssueList issues={whole} /> : null}
        {forms.length ? (
          <ul className={css.choices} aria-labelledby={ids.listHeading}>
            {forms.map((f) => (
              <li key={f.name}>
                <ChoiceButton
                  id={ids.choice({ kind: 'form', name: f.name })}
                  current={sameChoice(choice, { kind: 'form', name: f.name })}
                  title={f.label}
                  facts={formSummary(f.form)}
                  origin={f.origin}
                  problems={f.problems}
                  onChoose={() => choose({ kind: 'form', name: f.name })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.hint}>This site has no forms yet.</p>
        )}
        <AddForm add={add} />
        {settings.length ? (
          <>
            <h3 id={ids.settingsHeading} className={css.listHeading}>
              Settings for every form
            </h3>
            <ul className={css.choices} aria-labelledby={ids.settingsHeading}>
              {settings.map((s) => (
                <li key={s.key}>
                  <ChoiceButton
                    id={ids.choice({ kind: 'settings', key: s.key })}
                    current={sameChoice(choice, { kind: 'settings', key: s.key })}
                    title={s.label}
                    origin={s.state === 'plain' ? undefined : s.state === 'template' ? 'template' : 'own'}
                    problems={s.problems}
                    onChoose={() => choose({ kind: 'settings', key: s.key })}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {entry ? (
        <FormDetail
          entry={entry}
          slug={slug}
          bundle={bundle}
          ownForms={ownForms}
          templateForms={templateForms}
          settings={formSettings}
          issues={issues}
          adminFieldsLocked={adminFieldsLocked}
          confirming={isConfirming ? (confirming?.action ?? null) : null}
          onForms={changeForms}
          onCustomise={() => customise(entry)}
          onAsk={ask}
          onConfirmed={(action) => confirmed(entry, action)}
          onCancel={cancel}
        />
      ) : setting ? (
        <SettingDetail
          entry={setting}
          slug={slug}
          bundle={bundle}
          value={document[setting.key]}
          inheritedValue={inherited[setting.key]}
          inherited={inherited}
          issues={issues}
          adminFieldsLocked={adminFieldsLocked}
          confirming={isConfirming}
          onChange={onChange}
          onCustomise={() => customiseSetting(setting)}
          onAsk={() => ask('template')}
          onConfirmed={() => settingConfirmed(setting)}
          onCancel={cancel}
        />
      ) : null}
      <p role="status" className={css.visuallyHidden}>
        {announcement}
      </p>
    </div>
  );
}

function IssueList({ issues }: { issues: readonly EditorIssue[] }) {
  return (
    <ul className={css.issueList}>
      {issues.map((issue, i) => (
        <li key={`${issue.pointer}-${i}`}>{issue.message}</li>
      ))}
    </ul>
  );
}

/* The chosen form. */

interface FormDetailProps {
  entry: FormEntry;
  slug: string;
  bundle: SchemaNode;
  ownForms: unknown;
  templateForms: unknown;
  settings: SharedFormSettings;
  issues: readonly EditorIssue[];
  adminFieldsLocked: boolean;
  confirming: Confirming['action'] | null;
  onForms: (next: JsonObject | undefined) => void;
  onCustomise: () => void;
  onAsk: (action: Confirming['action']) => void;
  onConfirmed: (action: Confirming['action']) => void;
  onCancel: () => void;
}

function FormDetail(props: FormDetailProps) {
  const { entry, slug, bundle, ownForms, templateForms, settings, issues, adminFieldsLocked, confirming } = props;
  const { onForms, onCustomise, onAsk, onConfirmed, onCancel } = props;
  const { name, origin, label } = entry;
  const schema = useMemo(() => oneFormSchema(bundle), [bundle]);
  // No heading over the whole form (the panel has one); the name is for the "one page or steps" chooser.
  const editUi = useMemo(
    (): UiSchema => ({ ...(schema ? uiSchemaFor(schema, [], adminFieldsLocked) : {}), ...FORM_ROOT_UI }),
    [schema, adminFieldsLocked],
  );
  const viewUi = useMemo((): UiSchema => ({ ...editUi, 'ui:readonly': true }), [editUi]);
  const pointer = formPointer(name);
  const errors = useMemo(() => errorTreeFor(issues, pointer), [issues, pointer]);

  const template = isObject(templateForms) ? templateForms[name] : undefined;
  const copy = isObject(ownForms) ? ownForms[name] : undefined;
  const data = useMemo(
    () => (origin === 'template' ? (isObject(template) ? template : {}) : isObject(copy) ? copy : {}),
    [origin, template, copy],
  );
  // A customised form's empty settings still show the template's (the engine merges them in).
  // Where a shared setting decides what a field does, the field says so (override-notes.ts).
  // Kept as the same object while they say the same, so typing in the form does not change its context.
  const notesText = JSON.stringify(formNotes(data, settings));
  const notes = useMemo(() => JSON.parse(notesText) as Notes, [notesText]);
  const context = useMemo((): StudioFormContext => {
    const fallbacks = origin === 'customised' ? templateFallbacks(template) : undefined;
    return fallbacks ? { slug, inherited: fallbacks, notes } : { slug, notes };
  }, [origin, template, slug, notes]);

  // The newest forms for the change handler, which rjsf may call before the panel re-renders.
  const latest = useRef(ownForms);
  useLayoutEffect(() => {
    latest.current = ownForms;
  });
  const onForm = useCallback((form: JsonObject) => onForms(updateForm(latest.current, name, form)), [onForms, name]);

  return (
    <section className={css.detail} aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className={css.detailHeading} tabIndex={-1}>
        {label}
      </h3>
      <p className={css.facts}>
        <OriginMarker origin={origin} />
        <span>
          Short name: <span className={css.shortName}>{name}</span> (the name a page’s form block uses)
        </span>
        <span>{formSummary(entry.form)}</span>
      </p>

      {origin === 'template' ? (
        <div className={`${styles.notice} ${originCss.origin}`}>
          <p>This form comes from the template and is shown as the template has it.</p>
          <button
            type="button"
            id={ids.customise}
            className={styles.button}
            aria-describedby={ids.customiseWhat}
            onClick={onCustomise}
          >
            Customise for this site
          </button>
          <p id={ids.customiseWhat}>{CUSTOMISE_SENTENCE}</p>
        </div>
      ) : origin === 'customised' ? (
        <div className={`${styles.notice} ${originCss.origin}`}>
          <p>
            This site has its own copy of the template’s form
            {entry.unchanged ? ' (not changed yet)' : ''} and does not follow the template’s changes to it. A setting
            left empty still shows the template’s.
          </p>
          <button
            type="button"
            id={ids.undo}
            className={`${styles.button} ${styles.secondary}`}
            onClick={() => onAsk('template')}
          >
            Use the template’s again
          </button>
        </div>
      ) : (
        <div className={`${styles.notice} ${originCss.origin}`}>
          <p>This form exists on this site only.</p>
          <button
            type="button"
            id={ids.remove}
            className={`${styles.button} ${originCss.danger}`}
            onClick={() => onAsk('remove')}
          >
            Remove this form
          </button>
        </div>
      )}
      {confirming ? (
        <ConfirmBox
          id={ids.confirm}
          question={
            confirming === 'template'
              ? `Discard this site’s copy of “${label}” and use the template’s form again?`
              : `Remove “${label}” and its fields from this site?`
          }
          yes={confirming === 'template' ? 'Yes, use the template’s' : 'Yes, remove form'}
          no={confirming === 'template' ? 'Keep this site’s copy' : 'Keep form'}
          onYes={() => onConfirmed(confirming)}
          onNo={onCancel}
        />
      ) : null}
      {entry.problems ? (
        <p className={styles.error}>
          This form has {problemsText(entry.problems)}, shown at {entry.problems === 1 ? 'its field' : 'their fields'}
          {origin === 'template' ? '. Customise it for this site to fix them.' : '.'}
        </p>
      ) : null}

      {schema ? (
        <SchemaForm
          // A new form, or the template's shown again or customised: rjsf starts over with it.
          key={`${name}:${origin === 'template' ? 'view' : 'edit'}`}
          idPrefix={`f-form-${name}`}
          schema={schema}
          uiSchema={origin === 'template' ? viewUi : editUi}
          data={data}
          errors={errors}
          context={context}
          onChange={origin === 'template' ? ignore : onForm}
        />
      ) : null}
    </section>
  );
}

/* The settings every form shares, or the test-drive times. */

interface SettingDetailProps {
  entry: SettingsEntry;
  slug: string;
  bundle: SchemaNode;
  value: unknown;
  inheritedValue: unknown;
  inherited: JsonObject;
  issues: readonly EditorIssue[];
  adminFieldsLocked: boolean;
  confirming: boolean;
  onChange: (keys: readonly string[], data: JsonObject) => void;
  onCustomise: () => void;
  onAsk: () => void;
  onConfirmed: () => void;
  onCancel: () => void;
}

function SettingDetail(props: SettingDetailProps) {
  const { entry, slug, bundle, value, inheritedValue, inherited, issues, adminFieldsLocked, confirming } = props;
  const { onChange, onCustomise, onAsk, onConfirmed, onCancel } = props;
  const { key, state, label } = entry;
  const schema = useMemo(() => sectionSchema(bundle, [key]), [bundle, key]);
  const editUi = useMemo(() => uiSchemaFor(schema, READ_ONLY_KEYS, adminFieldsLocked), [schema, adminFieldsLocked]);
  const viewUi = useMemo((): UiSchema => ({ ...editUi, 'ui:readonly': true }), [editUi]);
  const errors = useMemo((): ErrorTree => {
    const tree = errorTreeFor(issues, pointerOf([key]));
    return Object.keys(tree).length ? { [key]: tree } : {};
  }, [issues, key]);
  const shown = state === 'template' ? inheritedValue : value;
  const data = useMemo((): JsonObject => (shown === undefined ? {} : { [key]: shown }), [key, shown]);
  const context = useMemo(
    (): StudioFormContext => (state === 'template' ? { slug } : { slug, inherited }),
    [state, slug, inherited],
  );
  const onForm = useCallback((formData: JsonObject) => onChange([key], formData), [onChange, key]);

  return (
    <section className={css.detail} aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className={css.detailHeading} tabIndex={-1}>
        {label}
      </h3>
      {state === 'template' ? (
        <div className={`${styles.notice} ${originCss.origin}`}>
          <p>These come from the template and are shown as the template has them.</p>
          <button
            type="button"
            id={ids.customise}
            className={styles.button}
            aria-describedby={ids.customiseWhat}
            onClick={onCustomise}
          >
            Customise for this site
          </button>
          <p id={ids.customiseWhat}>
            This site then keeps its own copy of these settings and stops following the template’s changes to them.
          </p>
        </div>
      ) : state === 'customised' ? (
        <div className={`${styles.notice} ${originCss.origin}`}>
          <p>This site has its own copy of these settings, in place of the template’s.</p>
          <button type="button" id={ids.undo} className={`${styles.button} ${styles.secondary}`} onClick={onAsk}>
            Use the template’s again
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmBox
          id={ids.confirm}
          question={`Discard this site’s “${label}” and use the template’s again?`}
          yes="Yes, use the template’s"
          no="Keep this site’s copy"
          onYes={onConfirmed}
          onNo={onCancel}
        />
      ) : null}
      <SchemaForm
        key={`${key}:${state === 'template' ? 'view' : 'edit'}`}
        idPrefix={`f-${key}`}
        schema={schema}
        uiSchema={state === 'template' ? viewUi : editUi}
        data={data}
        errors={errors}
        context={context}
        onChange={state === 'template' ? ignore : onForm}
      />
    </section>
  );
}

/* Adding a form of the site's own. */

function AddForm({ add }: { add: (words: string) => AddFormResult }) {
  const [open, setOpen] = useState(false);
  const [words, setWords] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = `${BASE_ID}-add`;
  const problemId = `${formId}-problem`;

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    setProblem(null);
    toggle.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = add(words);
    if (result.ok) {
      setOpen(false);
      setWords('');
      setProblem(null);
      return;
    }
    setProblem(result.problem);
    input.current?.focus();
  }

  return (
    <div className={css.add}>
      <button
        ref={toggle}
        type="button"
        className={`${styles.button} ${styles.secondary}`}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Add a form
      </button>
      {open ? (
        <form
          id={formId}
          className={`${styles.form} ${css.addForm}`}
          aria-label="New form"
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          noValidate
        >
          <div className={styles.field}>
            <label htmlFor={`${formId}-name`}>Name of the new form</label>
            <input
              ref={input}
              id={`${formId}-name`}
              type="text"
              value={words}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${formId}-hint${problem ? ` ${problemId}` : ''}`}
              onChange={(event) => setWords(event.target.value)}
            />
            <p id={`${formId}-hint`} className={styles.hint}>
              Its title, e.g. Fleet enquiry. It starts with name, email, phone and message fields.
            </p>
            {problem ? (
              <p id={problemId} className={css.fieldProblem}>
                {problem}
              </p>
            ) : null}
          </div>
          <div className={css.actions}>
            <button type="submit" className={styles.button}>
              Create form
            </button>
            <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** One entry of the list: a form or a settings group, its facts, where it comes from, its problems. */
function ChoiceButton(props: {
  id: string;
  current: boolean;
  title: string;
  facts?: string;
  origin: FormOrigin | undefined;
  problems: number;
  onChoose(): void;
}) {
  const { id, current, title, facts, origin, problems, onChoose } = props;
  return (
    <button type="button" id={id} className={css.choice} aria-current={current ? 'true' : undefined} onClick={onChoose}>
      {/* The spaces keep the parts apart in the button's accessible name. */}
      <span className={css.choiceTitle}>{title}</span>{' '}
      {facts ? (
        <>
          <span className={css.choiceFacts}>{facts}</span>{' '}
        </>
      ) : null}
      <span className={css.badges}>
        {origin ? <OriginMarker origin={origin} /> : null}{' '}
        {problems ? <span className={css.problems}>{problemsText(problems)}</span> : null}
      </span>
    </button>
  );
}
