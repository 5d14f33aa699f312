// document.title for every route, in one place (SPEC §2 route table). Rendered once next to <Routes>, so pages
// do not each have to remember it and a title never goes stale after a navigation. A page may still set a more
// specific title itself: its effect runs after this one in the same commit.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const SITE = 'L&D Assistant';

const TITLES: readonly [pattern: RegExp, title: string][] = [
  [/^\/$/, `${SITE} — AI co-designer for instructional designers`],
  [/^\/pricing$/, `Choose Your Plan — ${SITE}`],
  [/^\/contact$/, `Contact — ${SITE}`],
  [/^\/privacy$/, `Privacy Policy — ${SITE}`],
  [/^\/terms$/, `Terms of Use — ${SITE}`],
  [/^\/login$/, `Log in — ${SITE}`],
  [/^\/trial$/, `Start Your 7-Day Free Trial — ${SITE}`],
  [/^\/verify-email$/, `Verify your email — ${SITE}`],
  [/^\/reset-password$/, `Reset your password — ${SITE}`],
  [/^\/dashboard$/, `Dashboard — ${SITE}`],
  [/^\/profile$/, `Profile & Settings — ${SITE}`],
  [/^\/chat(\/[^/]+)?$/, `Chat — ${SITE}`],
  [/^\/assistant(\/[^/]+)?$/, `Assistant — ${SITE}`],
  [/^\/admin$/, `Admin — ${SITE}`],
  [/^\/team$/, `Team — ${SITE}`],
  [/^\/team\/usage$/, `Team usage — ${SITE}`],
  [/^\/team\/library$/, `Team library — ${SITE}`],
  [/^\/team\/library\/[^/]+$/, `Shared artifact — ${SITE}`],
  [/^\/team\/notifications$/, `Notifications — ${SITE}`],
  [/^\/review\/[^/]+$/, `Review — ${SITE}`],
  [/^\/invite\/[^/]+$/, `Join a team — ${SITE}`],
  [/^\/billing\/checkout\/[^/]+$/, `Checkout — ${SITE}`],
  [/^\/billing\/portal$/, `Billing portal — ${SITE}`],
];

export const NOT_FOUND_TITLE = `Page not found — ${SITE}`;

/** The title of a path; unknown paths get the 404 title. A trailing slash is ignored. */
export function titleForPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TITLES.find(([re]) => re.test(path))?.[1] ?? NOT_FOUND_TITLE;
}

export function RouteTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleForPath(pathname);
  }, [pathname]);
  return null;
}
