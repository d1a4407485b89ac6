import type { CardTagTone } from '../../domain/card-tags';
import styles from './StockCard.module.css';

/**
 * Class lists for blocks that lay out their own cards in the stock card's look (favourites,
 * watchlist, models). The plain classes are hooks that the browser tests and parent blocks select.
 */
export const stockCardClass = `${styles.card} stock-card`;
export const stockCardBodyClass = styles.body;

/** The tag on a card's photo; without a tone it is the dark default. */
export function cardTagClass(tone?: CardTagTone): string {
  return tone ? `${styles.tag} ${styles[tone]} card-tag` : `${styles.tag} card-tag`;
}

/** The tag's place on the photo holding a badge image instead of a text tag. */
export const cardBadgeClass = `${styles.tag} ${styles.badge} card-tag`;
