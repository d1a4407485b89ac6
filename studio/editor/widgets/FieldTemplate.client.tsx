'use client';
/**
 * rjsf's field frame with the Studio's additions:
 * - issue 16: a field this site leaves empty says what the site shows instead — the value its
 *   template or dealer group sets, else the schema's default — so an editor sees what applies
 *   before overriding it ("Left empty: the template’s “car”."). Yes/no fields say it in their
 *   switch instead ("Template default (now On)", SwitchWidget), which gets it from here.
 * - issue 32: the field's help is its first sentence, the rest behind a "?" (HelpText).
 */
import { getDefaultRegistry } from '@rjsf/core';
import { descriptionId, type FieldTemplateProps } from '@rjsf/utils';
import type { StudioFormContext } from './index';
import { HelpText } from './DescriptionTemplate.client';
import { fallbackFor, leftEmptyWords } from './inherited-value';
import { enumLabels } from '../../../domain/studio/enum-labels';
import { SwitchDefaultContext } from './SwitchWidget.client';
import styles from './fields.module.css';

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;

const isYesNo = (type: unknown) => type === 'boolean' || (Array.isArray(type) && type[0] === 'boolean');

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, rawDescription, schema, fieldPathId, registry } = props;
  const context = registry.formContext as StudioFormContext | undefined;
  const description =
    typeof rawDescription === 'string' && rawDescription.trim() ? (
      <HelpText id={descriptionId(id)} text={rawDescription} label={label} />
    ) : (
      props.description
    );

  // Another setting decides what this field does (the note names it): said under the field.
  const note = context?.notes?.[fieldPathId.path.join('/')];
  const noted = note ? (
    <>
      {props.help}
      <p className={styles.override}>{note}</p>
    </>
  ) : (
    props.help
  );

  if (isYesNo(schema.type)) {
    const known = {
      fallback: fallbackFor(context?.inherited, fieldPathId.path, schema.default),
      layered: Boolean(context?.inherited),
    };
    return (
      <DefaultFieldTemplate {...props} description={description} help={noted}>
        <SwitchDefaultContext.Provider value={known}>{props.children}</SwitchDefaultContext.Provider>
      </DefaultFieldTemplate>
    );
  }

  const fallback =
    props.formData === undefined && context?.inherited
      ? fallbackFor(context.inherited, fieldPathId.path, schema.default)
      : undefined;
  const help = fallback ? (
    <>
      {noted}
      <p className={styles.inherited}>{leftEmptyWords(fallback, (value) => choiceLabel(schema, value))}</p>
    </>
  ) : (
    noted
  );
  // The colour widget shows the colour that applies while the field is empty (not the picker's black).
  // The provider is always there, so the first key typed into an empty field (its fallback gone) keeps
  // the same input: a wrapper added or dropped around the widget would remount it and lose the caret.
  return (
    <DefaultFieldTemplate {...props} description={description} help={help}>
      <SwitchDefaultContext.Provider value={fallback ? { fallback, layered: true } : undefined}>
        {props.children}
      </SwitchDefaultContext.Provider>
    </DefaultFieldTemplate>
  );
}

/** A choice's label (`x-enum-labels`) for a value of the field's `enum`, if the schema gives one. */
function choiceLabel(schema: { enum?: unknown }, value: unknown): string | undefined {
  const index = Array.isArray(schema.enum) ? schema.enum.indexOf(value) : -1;
  return index < 0 ? undefined : enumLabels(schema)?.[index];
}
