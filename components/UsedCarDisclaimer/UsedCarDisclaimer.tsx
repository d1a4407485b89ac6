import { usedCarDisclaimer } from '../../domain/used-car-disclaimer';
import styles from './UsedCarDisclaimer.module.css';

/**
 * The tenant's used-car disclaimer, short with a toggle to the full text (catalogue §4), on stock
 * cards and on the vehicle page. A native <details> toggles with no script, so server-rendered
 * cards, client-rendered cards (similar cars) and the vehicle page share it.
 */
export function UsedCarDisclaimer({
  carType,
  text,
  className,
}: {
  carType: string | null | undefined;
  text: string | null | undefined;
  className?: string;
}) {
  const shown = usedCarDisclaimer(carType, text);
  if (!shown) return null;
  const classes = `${styles.disclaimer} used-car-disclaimer${className ? ` ${className}` : ''}`;
  if (!shown.short) return <p className={classes}>{shown.full}</p>;
  return (
    <details className={classes}>
      <summary>
        <span className={styles.short}>{shown.short}</span>
        <span className={styles.more}> Show more</span>
        <span className={styles.less}>Show less</span>
      </summary>
      <p>{shown.full}</p>
    </details>
  );
}
