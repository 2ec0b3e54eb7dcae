import { useEffect } from 'react';
import { useLocation } from '../router';

/**
 * Scrolls to the URL's `#anchor` once the page's data has arrived: a link into a catalog or a
 * tournament round lands on the card or the match it names, on reload too.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const el = document.getElementById(hash);
    if (el) el.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
