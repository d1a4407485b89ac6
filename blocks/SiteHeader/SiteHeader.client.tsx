'use client';

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './SiteHeader.module.css';

/**
 * A header dropdown (conversion §2.4): opens on click, Enter or Space, and ArrowDown (which also
 * focuses the first link); on hover too where the tenant switches it on. Escape closes it and
 * returns focus to its button; clicking or tabbing elsewhere closes it.
 */
export function NavDropdown({
  label,
  variant,
  openOnHover,
  children,
}: {
  label: string;
  variant: 'list' | 'mega';
  openOnHover: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const focusFirstLink = () => {
    requestAnimationFrame(() => root.current?.querySelector<HTMLAnchorElement>(`#${CSS.escape(panelId)} a`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown' && event.target === button.current) {
      event.preventDefault();
      setOpen(true);
      focusFirstLink();
    }
  };

  return (
    <li
      ref={root}
      className={`${styles.item} nav__item--dropdown${open ? ` ${styles.open}` : ''}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && root.current && !root.current.contains(event.relatedTarget as Node | null) && event.relatedTarget)
          close(false);
      }}
      onMouseEnter={openOnHover ? () => setOpen(true) : undefined}
      onMouseLeave={openOnHover ? () => setOpen(false) : undefined}
    >
      <button
        ref={button}
        type="button"
        className={`${styles.link} ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className={styles.chevron}>
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div
        id={panelId}
        className={`${styles.panel}${variant === 'mega' ? ` ${styles.panelMega}` : ''} nav__panel--${variant}`}
        hidden={!open}
      >
        {children}
      </div>
    </li>
  );
}

/** The small-screen menu button; on wide screens the navigation is always shown. */
export function HeaderNav({ children, label }: { children: ReactNode; label: string }) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 22 22">
          <path d={open ? 'M5 5l12 12M17 5L5 17' : 'M3 6h16M3 11h16M3 16h16'} stroke="currentColor" strokeWidth="2" />
        </svg>
        <span>{open ? 'Close' : 'Menu'}</span>
      </button>
      <nav id={navId} aria-label={label} className={`${styles.headerNav}${open ? ` ${styles.open}` : ''}`}>
        {children}
      </nav>
    </>
  );
}
