import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToId } from './use-section-nav';

/**
 * Every route change scrolls smoothly to the top (SPEC §2). It follows `location.key`, which is new on every
 * navigation, so a link to the page already open (e.g. Privacy Policy in the footer of /privacy) scrolls up too.
 * A URL with a hash (e.g. /#pricing opened from a new tab) scrolls to that anchor instead, once the lazily loaded
 * page has rendered it.
 */
export function ScrollToTop() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length > 1) scrollToId(decodeURIComponent(hash.slice(1)));
    else window.scrollTo({ top: 0, behavior: 'smooth' });
    // `key` is new on every navigation (a hash change is one too), so this runs exactly once per navigation.
  }, [hash, key]);
  return null;
}
