import { forbidden } from 'next/navigation';
import { canReadAudit } from '../../domain/studio/roles';
import { getTenantStore, type AuditEntry } from '../../services/tenant-store';
import { requireStaff } from '../access';
import { studioSiteRows } from '../sites';
import styles from '../components/studio.module.css';
import { studioTimeText } from '../components/StudioTime';

/** The most entries the screen lists: the newest. */
export const AUDIT_SCREEN_LIMIT = 200;

/** Longer than any slug (63 characters): such a filter is not looked up. */
const MAX_SLUG_CHARS = 100;

/** Each action the Studio writes, in words; another is shown as it is stored. */
const ACTION_WORDS: Record<string, string> = {
  'tenant.publish': 'Published',
  'tenant.restore': 'Restored a version',
  'tenant.import': 'Imported from a file',
  'tenant.publish-refused': 'Publish refused',
  'studio.staff-add': 'Added a staff member',
  'tenant.draft': 'Started a draft',
  'studio.media-upload': 'Uploaded an image',
  'studio.media-delete': 'Deleted a picture from the library',
  'tenant.draft-discarded': 'Discarded a draft',
  'tenant.schedule': 'Scheduled a publish',
  'tenant.schedule-cancelled': 'Cancelled a scheduled publish',
  'tenant.publish-scheduled': 'Published on schedule',
  'tenant.schedule-not-published': 'Scheduled publish not published',
};

/** An ISO time of a detail, as the screen shows times. */
const timeOf = (value: unknown) => (typeof value === 'string' ? studioTimeText(value) : 'its time');

const shownTime = studioTimeText;

/** The longest detail shown; the rest is in the database. */
const DETAIL_MAX_CHARS = 140;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const quoted = (value: unknown) => (typeof value === 'string' && value ? ` "${value}"` : '');

/** One short line about an entry: the version and message of a publish, why a publish was refused, who was added. */
export function auditDetail(entry: Pick<AuditEntry, 'action' | 'detail'>): string {
  const { detail } = entry;
  if (detail === null || detail === undefined) return '';
  if (!isRecord(detail)) return cut(typeof detail === 'string' ? detail : JSON.stringify(detail));
  const version = typeof detail.versionId === 'number' ? `Version ${detail.versionId}` : undefined;
  switch (entry.action) {
    case 'tenant.publish':
      if (version) return cut(`${version}${quoted(detail.message)}`);
      break;
    case 'tenant.restore':
      if (version && typeof detail.restoredVersionId === 'number')
        return `${version}, a copy of version ${detail.restoredVersionId}`;
      break;
    case 'tenant.import':
      if (version) return cut(`${version} from ${typeof detail.file === 'string' ? detail.file : 'a file'}`);
      break;
    case 'tenant.publish-refused':
      if (detail.reason === 'conflict')
        return `Stale: started from ${typeof detail.baseVersionId === 'number' ? `version ${detail.baseVersionId}` : 'the file'}, but version ${String(detail.currentVersionId)} was live`;
      if (detail.reason === 'admin-only' && Array.isArray(detail.fields))
        return cut(`Only an admin can change ${detail.fields.filter((f) => typeof f === 'string').join(', ')}`);
      if (detail.reason === 'invalid' && typeof detail.issues === 'number')
        return `Invalid: ${detail.issues} problem${detail.issues === 1 ? '' : 's'}`;
      break;
    case 'tenant.schedule':
      return cut(`For ${timeOf(detail.publishAt)}${quoted(detail.message)}`);
    case 'tenant.schedule-cancelled':
      return `The publish set for ${timeOf(detail.publishAt)}`;
    case 'tenant.publish-scheduled':
      if (version) return cut(`${version}${quoted(detail.message)}`);
      break;
    case 'tenant.schedule-not-published':
      if (detail.reason === 'invalid') return 'It no longer passed the checks (History says why)';
      if (detail.reason === 'conflict') return 'A publish since changed the same things (History says why)';
      return 'Its version was no longer in the history';
    case 'studio.media-upload':
      if (typeof detail.width === 'number' && typeof detail.height === 'number')
        return `A picture of ${detail.width} × ${detail.height} pixels`;
      break;
    case 'studio.media-delete':
      return cut(typeof detail.name === 'string' && detail.name ? detail.name : 'A picture with no file name');
    case 'studio.staff-add':
      if (typeof detail.email === 'string') return cut(`${detail.email} as ${staffReach(detail)}`);
      break;
  }
  return cut(JSON.stringify(detail));
}

function staffReach(detail: Record<string, unknown>): string {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') : '');
  if (detail.role === 'admin') return 'an admin';
  if (detail.role === 'group-editor') return `a group editor of ${list(detail.groups)}`;
  if (detail.role === 'site-editor') return `a site editor of ${list(detail.sites)}`;
  return String(detail.role);
}

function cut(text: string): string {
  return text.length > DETAIL_MAX_CHARS ? `${text.slice(0, DETAIL_MAX_CHARS - 1)}…` : text;
}

/**
 * `/audit`: the latest entries of the Studio's audit log (who did what, when, to which site), for
 * admins only (403 for everyone else), optionally for one site (`?site=<slug>`, a plain GET form).
 */
export async function AuditScreen({ site }: { site: string | undefined }) {
  const filter = site && site.length <= MAX_SLUG_CHARS ? site : undefined;
  const staff = await requireStaff(filter ? `/audit?site=${encodeURIComponent(filter)}` : '/audit');
  if (!canReadAudit(staff)) forbidden();
  const sites = await studioSiteRows();
  const names = new Map(sites.map((row) => [row.slug, row.name]));
  const entries = await getTenantStore().auditLog({ ...(filter ? { slug: filter } : {}), limit: AUDIT_SCREEN_LIMIT });
  const filterName = filter ? (names.get(filter) ?? filter) : undefined;
  return (
    <>
      <h1>Audit log</h1>
      <p className={styles.lead}>
        Every change made in the Studio: drafts started, publishes (now or scheduled), restores, refused publishes,
        imports, image uploads and new staff members. The newest {AUDIT_SCREEN_LIMIT} entries are listed.
      </p>
      <form method="get" action="/audit" className={styles.who}>
        <label htmlFor="audit-site">Site</label>
        <select id="audit-site" name="site" defaultValue={filter ?? ''}>
          <option value="">All sites</option>
          {sites.map((row) => (
            <option key={row.slug} value={row.slug}>
              {row.name}
            </option>
          ))}
          {filter && !names.has(filter) ? <option value={filter}>{filter} (no longer a site)</option> : null}
        </select>
        <button type="submit" className={styles.button}>
          Show entries
        </button>
      </form>
      {entries.length === 0 ? (
        <p>{filterName ? `Nothing has been recorded for ${filterName} yet.` : 'Nothing has been recorded yet.'}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              {entries.length === AUDIT_SCREEN_LIMIT ? `The latest ${entries.length}` : entries.length}{' '}
              {entries.length === 1 ? 'entry' : 'entries'}
              {filterName ? ` for ${filterName}` : ''}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Site</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-action={entry.action}>
                  <td>
                    <time dateTime={entry.at}>{shownTime(entry.at)}</time>
                  </td>
                  <td>{entry.actor}</td>
                  <td>{ACTION_WORDS[entry.action] ?? entry.action}</td>
                  <td>
                    {entry.slug ? (
                      names.has(entry.slug) ? (
                        <a href={`/sites/${encodeURIComponent(entry.slug)}`}>{names.get(entry.slug)}</a>
                      ) : (
                        entry.slug
                      )
                    ) : (
                      'None'
                    )}
                  </td>
                  <td>{auditDetail(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
