import styles from '../components/studio.module.css';

/** The Studio's 404 page: no site or Studio page at this address. */
export function StudioNotFoundScreen() {
  return (
    <>
      <h1>Not found</h1>
      <p className={styles.lead}>
        There is no site or Studio page at this address. Check the link, or go back to the list.
      </p>
      <p>
        <a href="/">Back to your sites</a>
      </p>
    </>
  );
}
