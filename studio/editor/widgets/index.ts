/**
 * The Studio's own rjsf widgets and fields (issue 16), registered on every editor form by
 * SchemaForm.client.tsx; ui-schema.ts names them (`ui:widget: 'colour'`, `ui:field: 'image'`).
 */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { ColourWidget } from './ColourWidget.client';
import { ImageField } from './ImageField.client';
import { SelectWidget } from './SelectWidget.client';
import { FieldTemplate } from './FieldTemplate.client';

/** What every editor form passes its widgets and fields (rjsf's formContext). */
export interface StudioFormContext {
  /** The site being edited: image uploads are stored for it. */
  slug: string;
  /**
   * What the site inherits beneath the form's data (its template and dealer group, merged), at the
   * same paths: a field left empty says what applies instead. Only for forms over the document's root.
   */
  inherited?: Record<string, unknown>;
}

export const STUDIO_WIDGETS: RegistryWidgetsType = { colour: ColourWidget, SelectWidget };
export const STUDIO_FIELDS: RegistryFieldsType = { image: ImageField };

export const STUDIO_TEMPLATES = { FieldTemplate };
