'use client';
/**
 * One tab of the site's settings (issue 16): its heading and intro, the theme's contrast check, its
 * settings as one form per key (SectionForms), the Pages editor with the header and footer blocks,
 * or the Forms tab's one-form-at-a-time panel.
 */
import { useCallback, useMemo, useState } from 'react';
import bundleJson from '../../../schemas/studio.schema.json';
import type { EditorIssue, JsonObject, PageDoc, SchemaNode } from '../editor-types';
import { blockCatalogue } from '../schema-tools';
import type { Section } from '../sections';
import { effectiveColours } from '../document-model';
import { SectionForms } from './SectionForms.client';
import { PagesEditor, type PagesRequest } from '../pages/PagesEditor.client';
import { LayoutBlocks } from '../pages/LayoutBlocks.client';
import type { EditedBlock } from '../preview/use-preview-bridge';
import { FormsPanel } from '../forms/FormsPanel.client';
import { ThemeContrast } from '../widgets/ThemeContrast.client';
import styles from '../editor.module.css';
import { SETTINGS_NOTES, currentPromotionHeading } from '../../../domain/studio/override-notes';
import { siteTimeZoneOf } from '../../../domain/studio/scheduled-publish';

const bundle = bundleJson as SchemaNode;

const objectOf = (value: unknown): JsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;

interface SectionPanelProps {
  section: Section;
  slug: string;
  document: JsonObject;
  inherited: JsonObject;
  issues: EditorIssue[];
  /** Not an admin: the fields only an admin may change are read-only (issue 30). */
  adminFieldsLocked: boolean;
  /** `separate`: the change is an undo step of its own (a block added, moved or removed). */
  onChange: (keys: readonly string[], data: JsonObject, separate?: boolean) => void;
  onPreview: (path: string) => void;
  onPreviewBlock: (place: EditedBlock | null) => void;
  /** Point and edit (issue 33): what the preview asked the Pages tab to open. */
  pagesRequest: PagesRequest | null;
}

export function SectionPanel(props: SectionPanelProps) {
  const { section, slug, document, inherited, issues, adminFieldsLocked, onChange, onPreview, onPreviewBlock } = props;
  const { pagesRequest } = props;
  // The site's clock, for what dated items say about when they are live (issue 33).
  const timeZone = siteTimeZoneOf(document, inherited);
  const context = useMemo(() => ({ slug, inherited, notes: SETTINGS_NOTES, timeZone }), [slug, inherited, timeZone]);
  // A key replaced as a whole (copied from the template, or given back to it) remounts the form:
  // rjsf works out a map's entries (the forms by name) when it mounts, not when its data is replaced.
  const [generation, setGeneration] = useState(0);
  const onWhole = useCallback(
    (keys: readonly string[], data: JsonObject) => {
      onChange(keys, data);
      setGeneration((g) => g + 1);
    },
    [onChange],
  );
  const [layoutOpen, setLayoutOpen] = useState(false);
  const catalogue = useMemo(() => blockCatalogue(bundle), []);
  const onLayout = useCallback(
    (layout: JsonObject | undefined, separate?: boolean) => onChange(['layout'], layout ? { layout } : {}, separate),
    [onChange],
  );
  const onPages = useCallback(
    (next: Record<string, PageDoc | null> | undefined, separate?: boolean) =>
      onChange(['pages'], next ? { pages: next } : {}, separate),
    [onChange],
  );
  const pages = (document.pages ?? undefined) as Record<string, PageDoc | null> | undefined;
  // What a hero showing the current promotion shows instead of its own heading (override-notes.ts).
  const banners = document.banners ?? inherited.banners;
  const currentPromotion = useMemo(() => currentPromotionHeading(banners, timeZone, new Date()), [banners, timeZone]);
  const inheritedPages = (inherited.pages ?? {}) as Record<string, PageDoc>;
  // Issue 32: the Forms tab edits one form at a time (forms/FormsPanel.client.tsx), not all of them in one page.
  if (section.id === 'forms')
    return (
      <>
        <h2 className={styles.panelHeading}>{section.label}</h2>
        <p className={styles.intro}>{section.intro}</p>
        <FormsPanel
          slug={slug}
          bundle={bundle}
          keys={section.keys}
          document={document}
          inherited={inherited}
          issues={issues}
          adminFieldsLocked={adminFieldsLocked}
          onChange={onChange}
        />
      </>
    );
  return (
    <>
      <h2 className={styles.panelHeading}>{section.label}</h2>
      <p className={styles.intro}>{section.intro}</p>
      {section.id === 'theme' ? <ThemeContrast colors={effectiveColours(bundle, inherited, document)} /> : null}
      {section.id === 'pages' ? (
        <PagesEditor
          slug={slug}
          siteName={typeof document.name === 'string' && document.name ? document.name : slug}
          bundle={bundle}
          own={pages}
          inherited={inheritedPages}
          currentPromotion={currentPromotion}
          issues={issues}
          onChange={onPages}
          onPreview={onPreview}
          onPreviewBlock={onPreviewBlock}
          request={pagesRequest}
        />
      ) : null}
      {section.id === 'pages' ? (
        <details className={styles.layoutDetails} onToggle={(event) => setLayoutOpen(event.currentTarget.open)}>
          <summary>Header and footer blocks (on every page)</summary>
          <p className={styles.intro}>
            The blocks around every page: the site header at the top, the footer and the helpers at the bottom.
          </p>
          {layoutOpen ? (
            <LayoutBlocks
              bundle={bundle}
              catalogue={catalogue}
              own={objectOf(document.layout)}
              inherited={objectOf(inherited.layout)}
              issues={issues}
              context={context}
              currentPromotion={currentPromotion}
              onChange={onLayout}
            />
          ) : null}
        </details>
      ) : (
        <SectionForms
          idPrefix={`f-${section.id}`}
          bundle={bundle}
          keys={section.keys}
          document={document}
          inherited={inherited}
          issues={issues}
          adminFieldsLocked={adminFieldsLocked}
          context={context}
          generation={generation}
          onChange={onChange}
          onReplace={onWhole}
        />
      )}
    </>
  );
}
