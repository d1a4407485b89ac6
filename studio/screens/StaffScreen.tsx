import { forbidden } from 'next/navigation';
import { canManageStaff, type StaffAccess } from '../../domain/studio/roles';
import { listStaffUsers } from '../../services/staff-auth/staff-users';
import { requireStaff } from '../access';
import { studioSiteRows } from '../sites';
import { knownStaffScopes } from '../api/staff-route';
import { AddStaffForm } from '../components/AddStaffForm.client';
import { ROLE_LABELS } from '../components/role-labels';
import styles from '../components/studio.module.css';

/** What a staff member may edit, in words; the sites by name. */
function mayEdit(user: Partial<StaffAccess>, names: ReadonlyMap<string, string>): string {
  if (user.role === 'admin') return 'Every site, the templates and the staff';
  if (user.role === 'group-editor')
    return `The sites of the dealer group${(user.groups?.length ?? 0) > 1 ? 's' : ''} ${user.groups?.join(', ') ?? ''}`;
  if (user.role === 'site-editor') return (user.sites ?? []).map((slug) => names.get(slug) ?? slug).join(', ');
  return 'Nothing (the account holds no grant)';
}

const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/**
 * `/staff`: every staff account with its role and what it may edit, and a form to add one. For
 * admins only (403 for everyone else); the API the form posts to checks the same.
 */
export async function StaffScreen() {
  const staff = await requireStaff('/staff');
  if (!canManageStaff(staff)) forbidden();
  const users = await listStaffUsers();
  const names = new Map((await studioSiteRows()).map((row) => [row.slug, row.name]));
  const known = knownStaffScopes();
  const sites = known.sites.map((slug) => ({ slug, name: names.get(slug) ?? slug }));
  sites.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug));
  return (
    <>
      <h1>Staff</h1>
      <p className={styles.lead}>
        The people who may use the Studio. An admin edits every site and manages the staff; a group editor edits the
        sites of their dealer groups; a site editor edits the sites they were given.
      </p>
      {users.length === 0 ? (
        <p>There are no staff accounts yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              {users.length} staff account{users.length === 1 ? '' : 's'}
            </caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">May edit</th>
                <th scope="col">Signs in with</th>
                <th scope="col">Added</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id} data-staff={user.email}>
                  <th scope="row">{user.email}</th>
                  <td>{user.name}</td>
                  <td>{user.role ? ROLE_LABELS[user.role] : 'None'}</td>
                  <td>{mayEdit(user, names)}</td>
                  <td>{user.hasPassword ? 'A password or an e-mail code' : 'An e-mail code'}</td>
                  <td>
                    <time dateTime={user.createdAt}>{DAY.format(new Date(user.createdAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="add-staff" className={styles.card}>
        <h2 id="add-staff">Add a staff member</h2>
        <AddStaffForm groups={known.groups} sites={sites} />
      </section>
    </>
  );
}
