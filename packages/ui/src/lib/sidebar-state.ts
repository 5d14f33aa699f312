// Persistence of the layout sidebar's open state (SPEC §2 Assistant, §9): cookie `sidebar:state`, kept 7 days.
export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

/** The `document.cookie` assignment that stores the state. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Reads the stored state from a cookie header string; undefined when absent or malformed. */
export function readSidebarCookie(cookieString: string): boolean | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR_COOKIE_NAME) continue;
    const v = part.slice(eq + 1).trim();
    if (v === 'true') return true;
    if (v === 'false') return false;
  }
  return undefined;
}

/** Ctrl+B or Cmd+B (either modifier, no Alt/Shift). */
export function isSidebarShortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
) {
  return (
    e.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey
  );
}
