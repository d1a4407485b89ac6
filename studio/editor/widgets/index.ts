/**
 * The Studio's own rjsf widgets and fields (issue 16), registered on every editor form by
 * SchemaForm.client.tsx; ui-schema.ts names them (`ui:widget: 'colour'`, `ui:field: 'image'`).
 */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { BlockType, EditorIssue, SchemaNode } from '../editor-types';
import { ColourWidget } from './ColourWidget.client';
import { ImageField } from './ImageField.client';
import { SelectWidget } from './SelectWidget.client';
import { FieldTemplate } from './FieldTemplate.client';
import { ArrayFieldTemplate } from './ArrayFieldTemplate.client';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate.client';
import { ButtonTemplates } from './ButtonTemplates.client';

/** What every editor form passes its widgets and fields (rjsf's formContext). */
export interface StudioFormContext {
  /** The site being edited: image uploads are stored for it. */
  slug: string;
  /**
   * What the site inherits beneath the form's data (its template and dealer group, merged), at the
   * same paths: a field left empty says what applies instead. Only for forms over the document's root.
   */
  inherited?: Record<string, unknown>;
  /**
   * Bumped by SchemaForm when data from outside (an undo, a redo) equals what the form was last
   * given but not what it holds now (SchemaForm.client.tsx, `resync`).
   */
  resync?: number;
  /**
   * The form is one key of a tab (SectionForms.client.tsx): its root group is no fieldset of its own,
   * and its id is the tab's, held by the element around all of the tab's forms.
   */
  keyForm?: boolean;
  /**
   * Where another setting hides or replaces a field's value, the note said at that field, by the
   * field's path in this form joined with "/" (domain/studio/override-notes.ts).
   */
  notes?: Readonly<Record<string, string>>;
  /** The site's time zone: dated list items (offers, banners) say in words when they are live (issue 33). */
  timeZone?: string;
  /**
   * Issue 33: what a list of blocks inside a block's form needs to show its blocks as cards
   * (BlockListField); set by the Pages tab and the header and footer blocks.
   */
  blocks?: {
    bundle: SchemaNode;
    catalogue: readonly BlockType[];
    /** What the block picker offers in these lists (issue 34: what the page's kind can show), and why. */
    pickable?: { types: readonly BlockType[]; note?: string };
    issues: readonly EditorIssue[];
    currentPromotion: string | undefined;
  };
  /** The document pointer of the form's data (a block's props), for the issues of the lists inside it. */
  pointer?: string;
}

// Issue 32: every yes/no field a three-state switch, help texts shortened to a sentence with a "?",
// advanced settings behind "More settings", and oneOf/anyOf choices named in words.
import { SwitchWidget } from './SwitchWidget.client';
import { ObjectFieldTemplate } from './ObjectFieldTemplate.client';
import { DescriptionTemplate } from './DescriptionTemplate.client';
import { MultiSchemaFieldTemplate } from './MultiSchemaFieldTemplate.client';

// Issue 33: an HTML prop is written in a rich-text editor, loaded when such a field shows.
import { RichTextLazy } from './RichTextLazy.client';

export const STUDIO_WIDGETS: RegistryWidgetsType = {
  colour: ColourWidget,
  SelectWidget,
  CheckboxWidget: SwitchWidget,
  richText: RichTextLazy,
};
// Issue 33: a block's slots as block cards.
import { BlockListField } from './BlockListField.client';

export const STUDIO_FIELDS: RegistryFieldsType = { image: ImageField, blocks: BlockListField };

export const STUDIO_TEMPLATES = {
  FieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ButtonTemplates,
  ObjectFieldTemplate,
  DescriptionFieldTemplate: DescriptionTemplate,
  MultiSchemaFieldTemplate,
};
