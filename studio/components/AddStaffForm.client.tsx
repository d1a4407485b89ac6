'use client';

/**
 * The staff screen's "Add a staff member" form: e-mail, name, role, and the dealer groups or sites
 * the role needs. It posts to /api/studio/staff (admins only, checked there) and shows the server's
 * answer: the new account, or every problem as a sentence (role="alert"). The list above is read
 * again on success.
 */
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import type { StaffRole } from '../../domain/studio/roles';
import { ROLE_LABELS } from './role-labels';
import styles from './studio.module.css';

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

const UNREACHABLE = 'The Studio could not be reached. Check your connection and try again.';

/** What each role may edit, said beside its choice. */
const ROLE_HINTS: Record<StaffRole, string> = {
  admin: 'every site, the templates and the staff',
  'group-editor': 'every site of the dealer groups chosen',
  'site-editor': 'the sites chosen',
};
const ROLES: readonly StaffRole[] = ['site-editor', 'group-editor', 'admin'];

interface Answer {
  message?: string;
  problems?: string[];
}

type Outcome = { ok: true; message: string } | { ok: false; message: string; problems: string[] };

export function AddStaffForm({
  groups,
  sites,
}: {
  groups: readonly string[];
  sites: readonly { slug: string; name: string }[];
}) {
  const id = useId();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('site-editor');
  const [chosenGroups, setChosenGroups] = useState<string[]>([]);
  const [chosenSites, setChosenSites] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  // Until the script runs the form cannot be sent: a plain submit would post to the page.
  const ready = useSyncExternalStore(noSubscription, inBrowser, onServer);

  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    const body = {
      email: email.trim(),
      role,
      groups: role === 'group-editor' ? chosenGroups : [],
      sites: role === 'site-editor' ? chosenSites : [],
      ...(name.trim() ? { name: name.trim() } : {}),
    };
    let result: Outcome;
    try {
      const response = await fetch('/api/studio/staff', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as Answer;
      const message = answer.message || `The Studio answered with an error (${response.status}). Please try again.`;
      result = response.ok
        ? { ok: true, message }
        : { ok: false, message, problems: Array.isArray(answer.problems) ? answer.problems : [] };
    } catch {
      result = { ok: false, message: UNREACHABLE, problems: [] };
    }
    setBusy(false);
    setOutcome(result);
    if (result.ok) {
      setEmail('');
      setName('');
      setChosenGroups([]);
      setChosenSites([]);
      // The list of staff is the server's: render it again with the new account.
      router.refresh();
    }
  }

  return (
    <form className={styles.form} method="post" onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.hint}>
        The new staff member signs in with a code sent to their e-mail address; nobody picks a password for them.
      </p>
      <p role="status" className={outcome?.ok ? styles.notice : undefined}>
        {busy ? 'Adding the staff member…' : outcome?.ok ? outcome.message : ''}
      </p>
      {outcome && !outcome.ok ? (
        <div className={styles.error} role="alert">
          {outcome.problems.length > 1 ? (
            <>
              <p>The staff member was not added:</p>
              <ul>
                {outcome.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          ) : (
            outcome.message
          )}
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>E-mail address</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>Name (optional)</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          maxLength={100}
          aria-describedby={`${id}-name-hint`}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <p id={`${id}-name-hint`} className={styles.hint}>
          Without one, the part of the address before the @ is used.
        </p>
      </div>
      <fieldset className={styles.field}>
        <legend>Role</legend>
        {ROLES.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-role`}
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
            />
            {ROLE_LABELS[value]}: may edit {ROLE_HINTS[value]}
          </label>
        ))}
      </fieldset>
      {role === 'group-editor' ? (
        <fieldset className={styles.field}>
          <legend>Dealer groups</legend>
          {groups.length ? (
            groups.map((group) => (
              <label key={group} className={styles.choice}>
                <input
                  type="checkbox"
                  value={group}
                  checked={chosenGroups.includes(group)}
                  onChange={(e) => setChosenGroups((list) => toggle(list, group, e.target.checked))}
                />
                {group}
              </label>
            ))
          ) : (
            <p className={styles.hint}>There are no dealer groups yet.</p>
          )}
        </fieldset>
      ) : null}
      {role === 'site-editor' ? (
        <fieldset className={styles.field}>
          <legend>Sites</legend>
          {sites.map((site) => (
            <label key={site.slug} className={styles.choice}>
              <input
                type="checkbox"
                value={site.slug}
                checked={chosenSites.includes(site.slug)}
                onChange={(e) => setChosenSites((list) => toggle(list, site.slug, e.target.checked))}
              />
              {site.name} ({site.slug})
            </label>
          ))}
        </fieldset>
      ) : null}
      <button type="submit" className={styles.button} disabled={!ready} aria-disabled={busy}>
        Add staff member
      </button>
    </form>
  );
}
