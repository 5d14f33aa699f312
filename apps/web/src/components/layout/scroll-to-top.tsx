import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToId } from './use-section-nav';

/**
 * Every route change scrolls smoothly to the top (SPEC §2). A URL with a hash (e.g. /#pricing opened from a new tab)
 * scrolls to that anchor instead, once the lazily loaded page has rendered it.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) scrollToId(decodeURIComponent(hash.slice(1)));
    else window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, hash]);
  return null;
}
