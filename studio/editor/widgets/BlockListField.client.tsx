'use client';
/**
 * A block's slot in its form (issue 33: "slot children nested (for example the vehicle page's
 * sidebar)"): a section's blocks, the vehicle page's main and side columns, each block a card with
 * its own form, picker, moves and removal with Undo (BlockList), as a page's blocks are. Where the
 * form has no block catalogue to offer (it is not in the Pages tab), rjsf's own list shows.
 */
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useCallback } from 'react';
import type { BlockDoc, JsonObject } from '../editor-types';
import { BlockList } from '../pages/BlockList.client';
import type { StudioFormContext } from '.';

const isBlock = (value: unknown): value is BlockDoc =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** "Main column" -> "main column", for the sentences around the list. */
const lower = (title: string) => (/^[A-Z][a-z]/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title);

export function BlockListField(props: FieldProps) {
  const { formData, onChange, fieldPathId, schema, uiSchema, registry, name } = props;
  const context = registry.formContext as StudioFormContext;
  const blocks = Array.isArray(formData) ? formData.filter(isBlock) : [];
  const path = fieldPathId.path;
  const onBlocks = useCallback(
    (next: BlockDoc[] | undefined) => onChange((next ?? []) as JsonObject[], path),
    [onChange, path],
  );
  const catalogue = context.blocks;
  if (!catalogue) {
    const { ArrayField } = registry.fields;
    return ArrayField ? <ArrayField {...props} /> : null;
  }
  const title = getUiOptions(uiSchema).title ?? (typeof schema.title === 'string' ? schema.title : name);
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const pointer = `${context.pointer ?? ''}/${path.map((step) => String(step).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  return (
    <div id={fieldPathId.$id}>
      <BlockList
        listId={fieldPathId.$id}
        heading={title}
        headingLevel="h5"
        intro={description}
        blocks={blocks}
        pointer={pointer}
        bundle={catalogue.bundle}
        catalogue={catalogue.catalogue}
        pickable={catalogue.pickable}
        issues={catalogue.issues}
        context={context}
        currentPromotion={catalogue.currentPromotion}
        addLabel={`Add a block to ${lower(title)}`}
        endWhere={`at the end of ${lower(title)}`}
        emptyText={`No blocks in ${lower(title)} yet.`}
        onBlocks={onBlocks}
      />
    </div>
  );
}
