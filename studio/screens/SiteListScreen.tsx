import { visibleSites, type StaffAccess } from '../../domain/studio/roles';
import { requireStaff } from '../access';
import { studioSiteRows } from '../sites';
import styles from '../components/studio.module.css';
import { StudioTime } from '../components/StudioTime';

function whatYouMayEdit(staff: StaffAccess): string {
  if (staff.role === 'admin') return 'As an admin you may edit every site.';
  if (staff.role === 'group-editor')
    return `You may edit the sites of the dealer group${staff.groups.length > 1 ? 's' : ''} ${staff.groups.join(', ')}.`;
  return `You may edit the site${staff.sites.length > 1 ? 's' : ''} you were given: ${staff.sites.join(', ')}.`;
}

/** `/`: the sites the signed-in staff member may edit, and only those. */
export async function SiteListScreen() {
  const staff = await requireStaff('/');
  const sites = visibleSites(staff, await studioSiteRows());
  return (
    <>
      <h1>Sites</h1>
      <p className={styles.lead}>{whatYouMayEdit(staff)}</p>
      {sites.length === 0 ? (
        <p>There is no site you may edit yet. Ask an admin to give you access.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              {sites.length} site{sites.length === 1 ? '' : 's'} you may edit
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Domains</th>
                <th scope="col">Template</th>
                <th scope="col">Group</th>
                <th scope="col">Last published</th>
              </tr>
            </thead>
            <tbody>
              {sites.map((site) => (
                <tr key={site.slug} data-site={site.slug}>
                  <th scope="row">
                    <a href={`/sites/${encodeURIComponent(site.slug)}`}>{site.name}</a>
                    {site.problem ? <span className={styles.problem}>{site.problem}</span> : null}
                  </th>
                  <td>
                    {site.domains.length ? (
                      <ul className={styles.plainList}>
                        {site.domains.map((domain) => (
                          <li key={domain}>{domain}</li>
                        ))}
                      </ul>
                    ) : (
                      'None'
                    )}
                  </td>
                  <td>{site.template || 'Unknown'}</td>
                  <td>{site.dealershipGroup ?? 'None'}</td>
                  <td>
                    {site.published ? (
                      <>
                        {site.published.by}, <StudioTime iso={site.published.at} />
                      </>
                    ) : (
                      'From its file (not yet published in the Studio)'
                    )}
                    {site.scheduled ? (
                      <span className={styles.draftMark}>
                        Scheduled: publishes {site.scheduled.when}, ‘{site.scheduled.message}’
                        {site.scheduled.count > 1 ? ` (and ${site.scheduled.count - 1} more)` : ''}
                      </span>
                    ) : null}
                    {site.notPublished ? (
                      <span className={styles.problem}>
                        {site.notPublished === 1
                          ? 'A scheduled publish was not published: History says why.'
                          : `${site.notPublished} scheduled publishes were not published: History says why.`}
                      </span>
                    ) : null}
                    {site.draft ? (
                      <span className={styles.draftMark}>
                        Unpublished draft by {site.draft.by}, <StudioTime iso={site.draft.at} />
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
