import styles from './card-grid.module.css';

/** The card grid's class list; `card-grid` stays as a plain hook (the search page's browser tests select it). */
export const cardGridClass = `${styles.grid} card-grid`;
