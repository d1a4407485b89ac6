import { forbidden, notFound } from 'next/navigation';
import { currentStaff, requireStaff, siteAccess } from '../access';
import styles from '../components/studio.module.css';

/** The page title: the site's name only for someone who may see it. */
export async function siteScreenTitle(slug: string): Promise<string> {
  const staff = await currentStaff();
  const access = staff ? siteAccess(staff, slug) : undefined;
  return access?.kind === 'allowed' ? access.site.name : 'Site';
}

/**
 * `/sites/<slug>`: where the editor will be. For now it says what the site is and that the editor
 * is coming; it edits nothing. 404 for an unknown site, 403 for a site outside the staff member's grant.
 */
export async function SiteScreen({ slug }: { slug: string }) {
  const staff = await requireStaff(`/sites/${encodeURIComponent(slug)}`);
  const access = siteAccess(staff, slug);
  if (access.kind === 'unknown') notFound();
  if (access.kind === 'forbidden') forbidden();
  const { site } = access;
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
      <h1>{site.name}</h1>
      {site.problem ? <p className={styles.error}>{site.problem}</p> : null}
      <dl className={styles.facts}>
        <dt>Slug</dt>
        <dd>{site.slug}</dd>
        <dt>Domains</dt>
        <dd>{site.domains.length ? site.domains.join(', ') : 'None'}</dd>
        <dt>Template</dt>
        <dd>{site.template || 'Unknown'}</dd>
        <dt>Group</dt>
        <dd>{site.dealershipGroup ?? 'None'}</dd>
      </dl>
      <section className={styles.coming} aria-labelledby="editor-coming">
        <h2 id="editor-coming">The editor is coming</h2>
        <p>
          Editing this site&apos;s pages, menus and settings in the Studio is not available yet. Nothing on this page
          changes the site.
        </p>
      </section>
    </>
  );
}
