import { headers } from 'next/headers';
import { forbidden, notFound } from 'next/navigation';
import { canEditSite } from '../../domain/studio/roles';
import { currentStaff, requireStaff } from '../access';
import { findEditableSite } from '../site-documents';
import { editorData } from '../editor/editor-data';
import { Editor } from '../editor/Editor.client';
import styles from '../components/studio.module.css';

/** The page title: the site's name only for someone who may edit it. */
export async function siteScreenTitle(slug: string): Promise<string> {
  const staff = await currentStaff();
  const site = staff ? await findEditableSite(slug) : undefined;
  return staff && site && canEditSite(staff, site) ? `Edit ${site.name}` : 'Site';
}

/**
 * `/sites/<slug>`: the site's editor (issue 16). 404 for an unknown site, 403 for a site outside
 * the staff member's grant; the same checks as the document API (studio/api/studio-call.ts), on
 * the site as the database and its file say it is now.
 */
export async function SiteScreen({ slug, tab }: { slug: string; tab: string | null }) {
  const staff = await requireStaff(`/sites/${encodeURIComponent(slug)}`);
  const site = await findEditableSite(slug);
  if (!site) notFound();
  if (!canEditSite(staff, site)) forbidden();
  const data = await editorData(site, staff, (await headers()).get('host'));
  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <ol>
          <li>
            <a href="/">Sites</a>
          </li>
          <li aria-current="page">{site.name}</li>
        </ol>
      </nav>
      <h1>Edit {site.name}</h1>
      <p className={styles.lead}>
        {data.published
          ? `Live: version ${data.publishedVersionId}, published by ${data.published.by}.`
          : 'Live: the site’s file. Publishing here makes the Studio the site’s source from then on.'}{' '}
        Changes are saved as a draft as you type and shown only in the preview until you publish.
      </p>
      <Editor {...data} initialTab={tab} />
    </>
  );
}
