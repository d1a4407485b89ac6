import { IntentLink as Link } from '../shopper/IntentLink';
import styles from './SectionHeader.module.css';

/** A section's heading with an optional "see more" link beside it (shared by listing blocks). */
export function SectionHeader({
  id,
  heading,
  moreLink,
}: {
  id: string;
  heading?: string;
  moreLink?: { label: string; href: string };
}) {
  if (!heading && !moreLink) return null;
  return (
    <div className={styles.header}>
      {heading ? <h2 id={id}>{heading}</h2> : null}
      {moreLink ? (
        <Link href={moreLink.href} className={styles.more}>
          {moreLink.label}
        </Link>
      ) : null}
    </div>
  );
}
