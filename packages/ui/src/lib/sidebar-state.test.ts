import { describe, expect, it } from 'vitest';
import {
  isSidebarShortcut,
  readSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  sidebarCookie,
} from './sidebar-state';

describe('sidebar cookie', () => {
  it('is named sidebar:state and kept for 7 days', () => {
    expect(SIDEBAR_COOKIE_NAME).toBe('sidebar:state');
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
    expect(sidebarCookie(false)).toBe('sidebar:state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('round-trips through a cookie string among others', () => {
    const stored = sidebarCookie(true).split(';')[0];
    expect(readSidebarCookie(`theme=dark; ${stored}; other=1`)).toBe(true);
    expect(readSidebarCookie('sidebar:state=false')).toBe(false);
  });

  it('is undefined when absent or malformed', () => {
    expect(readSidebarCookie('')).toBeUndefined();
    expect(readSidebarCookie('x=1; sidebar:state=maybe')).toBeUndefined();
    expect(readSidebarCookie('sidebar:stateX=true')).toBeUndefined();
  });
});

describe('sidebar shortcut', () => {
  const key = (
    k: string,
    mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
  ) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  it('is Ctrl+B or Cmd+B', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { ctrlKey: true }))).toBe(true);
  });
  it('ignores plain b and other combinations', () => {
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('n', { ctrlKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { metaKey: true, altKey: true }))).toBe(false);
  });
});
