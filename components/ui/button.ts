import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'outline';

/**
 * The class list of a shared button. Besides the module classes it carries the plain `button` and
 * `button--<variant>` classes: unstyled hooks that a parent block may target from its own module
 * (`.actions :global(.button)`), as the old global selectors did.
 */
export function buttonClass(variant: ButtonVariant): string {
  return `${styles.button} ${styles[variant]} button button--${variant}`;
}

/** A button that looks like a link (module class only). */
export const linkButtonClass = styles.linkButton;
