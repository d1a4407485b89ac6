'use client';
/**
 * A group of settings (an object) in the Studio (issue 32): its title, its help (first sentence,
 * the rest behind "?"), its everyday settings, then — when it has any — a "More settings (N)"
 * button that shows the settings most sites never change: the properties the schema marks
 * `"x-studio": "advanced"` (on the property or on the definition it refers to). A setting with a
 * problem is never hidden: "More settings" opens by itself when one of its settings has an error.
 * A group whose settings are all advanced shows them directly (there is nothing else to show).
 *
 * The rest is rjsf's ObjectFieldTemplate: the optional-data control, and the Add button of a map.
 */
import { createElement, useId } from 'react';
import {
  canExpand,
  buttonId,
  getTemplate,
  getUiOptions,
  titleId,
  descriptionId,
  type ErrorSchema,
  type ObjectFieldTemplateProps,
} from '@rjsf/utils';
import { HelpText } from './DescriptionTemplate.client';
import { MoreSettings } from './MoreSettings.client';
import type { StudioFormContext } from './index';

/** The schema keyword and value that put a property behind "More settings". */
export const STUDIO_KEYWORD = 'x-studio';
export const ADVANCED = 'advanced';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The node a local reference (`#/definitions/tenant.features`) points at in the root schema. */
function resolveRef(ref: string, root: Node): Node | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isNode(node)) return undefined;
    node = node[key];
  }
  return isNode(node) ? node : undefined;
}

/** Whether the property `name` of `schema` is marked advanced, following its references. */
export function isAdvancedProperty(schema: Node, name: string, root: Node): boolean {
  const properties = isNode(schema.properties) ? schema.properties : undefined;
  let node: Node | undefined = properties && isNode(properties[name]) ? properties[name] : undefined;
  for (let hops = 0; node && hops < 8; hops++) {
    if (node[STUDIO_KEYWORD] === ADVANCED) return true;
    node = typeof node.$ref === 'string' ? resolveRef(node.$ref, root) : undefined;
  }
  return false;
}

/** Whether an error tree holds any message. */
export function hasErrors(tree: ErrorSchema | undefined): boolean {
  if (!isNode(tree)) return false;
  for (const [key, value] of Object.entries(tree)) {
    if (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value as ErrorSchema)) return true;
  }
  return false;
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { description, disabled, formData, fieldPathId, onAddProperty, optionalDataControl, properties } = props;
  const { readonly, registry, required, schema, title, uiSchema, errorSchema, className } = props;
  const options = getUiOptions(uiSchema);
  const { AddButton } = registry.templates.ButtonTemplates;
  const root = (isNode(registry.rootSchema) ? registry.rootSchema : {}) as Node;
  const node = schema as Node;

  const basic = properties.filter((p) => p.hidden || !isAdvancedProperty(node, p.name, root));
  let advanced = properties.filter((p) => !p.hidden && isAdvancedProperty(node, p.name, root));
  // Nothing everyday to show first: the advanced settings are the group.
  if (!basic.some((p) => !p.hidden)) {
    basic.push(...advanced);
    advanced = [];
  }
  const errorsIn = (name: string) => hasErrors((errorSchema as Record<string, ErrorSchema> | undefined)?.[name]);
  const advancedError = advanced.some((p) => errorsIn(p.name));

  const panelId = `${useId()}-more`;

  // A pure oneOf/anyOf object: rjsf's chooser renders it, with no group around it.
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;

  const showControlInTitle = !readonly && !disabled;
  // An untitled list item: rjsf names it after its list ("Special offers-4"); its card's summary
  // already names it, and the list's own help is above it, so neither is repeated in every item.
  const untitledItem = /_\d+$/.test(fieldPathId.$id) && typeof schema.title !== 'string';
  const label = untitledItem ? '' : title;
  // One key of a tab's settings (SectionForms): the tab's element around its forms holds the root's id.
  const keyRoot = fieldPathId.path.length === 0 && (registry.formContext as StudioFormContext | undefined)?.keyForm;
  if (keyRoot && !label && !description && !advanced.length) return <>{basic.map((p) => p.content)}</>;
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      {label
        ? // rjsf's title template (possibly a uiSchema's own), as rjsf's group renders it.
          createElement(getTemplate('TitleFieldTemplate', registry, options), {
            id: titleId(fieldPathId),
            title: label,
            required,
            schema,
            uiSchema,
            registry,
            optionalDataControl: showControlInTitle ? optionalDataControl : undefined,
          })
        : null}
      {untitledItem ? null : typeof description === 'string' ? (
        description.trim() ? (
          <HelpText id={descriptionId(fieldPathId)} text={description} label={label || 'these settings'} />
        ) : null
      ) : description ? (
        createElement(getTemplate('DescriptionFieldTemplate', registry, options), {
          id: descriptionId(fieldPathId),
          description,
          schema,
          uiSchema,
          registry,
        })
      ) : null}
      {!showControlInTitle ? optionalDataControl : null}
      {basic.map((p) => p.content)}
      {canExpand(schema, uiSchema, formData) ? (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-object-property-expand"
          onClick={onAddProperty}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
      {advanced.length ? (
        <MoreSettings
          id={panelId}
          count={advanced.length}
          hasProblem={advancedError}
          describedBy={label ? titleId(fieldPathId) : undefined}
        >
          {advanced.map((p) => p.content)}
        </MoreSettings>
      ) : null}
    </fieldset>
  );
}
