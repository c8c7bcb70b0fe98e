import { useEffect, useState, type RefObject } from 'react';
import { useInBrowser } from '@/hooks/use-in-browser';

/**
 * True once the element has come within `margin` of the viewport (and from then on). The landing's sign-up
 * forms (react-hook-form, zod: a third of the page's script) load only then, not for every visitor who
 * reads the hero and leaves. False while prerendering and hydrating; true at once without
 * IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [seen, setSeen] = useState(false);
  const inBrowser = useInBrowser();
  const observable = typeof IntersectionObserver !== 'undefined';
  const near = seen || (inBrowser && !observable);
  useEffect(() => {
    const element = ref.current;
    if (near || !element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, observable]);
  return near;
}
