// Features / Pricing links scroll to their landing-page anchors (SPEC §2): on / they scroll at once; elsewhere they
// navigate to / first and wait 100 ms (SPEC §9 anchor scroll delay) before smooth-scrolling. The landing page is a
// lazy chunk, so if the anchor is not rendered yet we keep looking for a short while.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const ANCHOR_SCROLL_DELAY_MS = 100;
const MAX_WAIT_MS = 3000;

export type SectionId = 'home' | 'features' | 'pricing';

export function scrollToId(id: string, deadline = Date.now() + MAX_WAIT_MS) {
  const el = document.getElementById(id);
  if (el) {
    // One frame later, so a route change's scroll-to-top (run in an effect after the same commit) goes first.
    requestAnimationFrame(() => el.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    return;
  }
  if (Date.now() < deadline) setTimeout(() => scrollToId(id, deadline), 50);
}

export function useSectionNav() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: SectionId) => {
      if (pathname === '/') {
        scrollToId(id, Date.now() + MAX_WAIT_MS);
        return;
      }
      navigate('/');
      setTimeout(() => scrollToId(id, Date.now() + MAX_WAIT_MS), ANCHOR_SCROLL_DELAY_MS);
    },
    [navigate, pathname],
  );
}
