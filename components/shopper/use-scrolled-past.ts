'use client';

import { useEffect, useState } from 'react';

/**
 * True once the page has scrolled past `threshold` px. Shared by the vehicle page's bars and the
 * chat bubble, which change style at the same point (catalogue §2, conversion §4.8, §9).
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
