import styles from '../components/studio.module.css';

/** The 403 page: a site outside the signed-in staff member's grant. */
export function ForbiddenScreen() {
  return (
    <>
      <h1>You do not have access to this site</h1>
      <p className={styles.lead}>
        Your Studio account is not allowed to edit this site. If you need to, ask an admin to give you access to it or
        to its dealer group.
      </p>
      <p>
        <a href="/">Back to your sites</a>
      </p>
    </>
  );
}
