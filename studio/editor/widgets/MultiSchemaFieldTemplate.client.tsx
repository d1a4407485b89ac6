'use client';
/**
 * The chooser of a oneOf/anyOf field (issue 32): rjsf names each alternative by its title and one
 * without a title "Option 1", "Option 2". This keeps the titles and names an untitled alternative
 * by what it is (branch-labels.ts: its constant, the setting it requires, its kind of value), then
 * renders rjsf's own template.
 */
import { cloneElement, isValidElement } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import {
  getUiOptions,
  TranslatableString,
  type EnumOptionsType,
  type MultiSchemaFieldTemplateProps,
  type RJSFSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { branchLabels } from './branch-labels';

const DefaultMultiSchemaFieldTemplate = getDefaultRegistry().templates.MultiSchemaFieldTemplate;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

export function MultiSchemaFieldTemplate(props: MultiSchemaFieldTemplateProps) {
  const { schema, registry, selector, uiSchema } = props;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(alternatives) || !isValidElement<WidgetProps>(selector)) {
    return <DefaultMultiSchemaFieldTemplate {...props} />;
  }
  const resolved = alternatives.map((branch) =>
    isNode(branch) ? (registry.schemaUtils.retrieveSchema(branch as RJSFSchema) as Node) : {},
  );
  const words = branchLabels(resolved, schema as Node);
  const uiTitle = getUiOptions(uiSchema).title;
  const fieldTitle = typeof uiTitle === 'string' ? uiTitle : schema.title;
  /** What rjsf calls an alternative without a title: "Option 2", or "<field> option 2". */
  const numbered = (index: number) =>
    fieldTitle
      ? registry.translateString(TranslatableString.TitleOptionPrefix, [fieldTitle, String(index + 1)])
      : registry.translateString(TranslatableString.OptionPrefix, [String(index + 1)]);
  const current = selector.props.options.enumOptions ?? [];
  // Titles (the branches' or their uiSchemas') stay as rjsf shows them; only numbered ones get words.
  const enumOptions: EnumOptionsType[] = current.map((option) => {
    const index = typeof option.value === 'number' ? option.value : Number(option.value);
    const label = option.label === numbered(index) ? (words[index] ?? option.label) : option.label;
    return { ...option, label };
  });
  const named = cloneElement(selector, { options: { ...selector.props.options, enumOptions } });
  return <DefaultMultiSchemaFieldTemplate {...props} selector={named} />;
}
