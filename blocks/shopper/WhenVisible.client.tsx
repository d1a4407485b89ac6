'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the placeholder comes near the viewport, so below-the-fold tools
 * (calculator, enquiry form) cost nothing until a shopper scrolls towards them. The placeholder
 * keeps their space so nothing shifts when they arrive.
 */
export function WhenVisible({ children, placeholder, minHeight, rootMargin = '800px' }: { children: ReactNode; placeholder: ReactNode; minHeight: number; rootMargin?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setVisible(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    }, { rootMargin });
    observer.observe(el);
    // Content arriving above the viewport does not move the page: browsers anchor scrolling.
    return () => observer.disconnect();
  }, [rootMargin]);
  return (
    <div ref={box} style={visible ? undefined : { minHeight }}>
      {visible ? children : placeholder}
    </div>
  );
}
