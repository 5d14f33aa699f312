import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TITLE, titleForPath } from './route-title';

describe('titleForPath', () => {
  it('names every route of the route table', () => {
    expect(titleForPath('/')).toBe('L&D Assistant — AI co-designer for instructional designers');
    expect(titleForPath('/pricing')).toBe('Choose Your Plan — L&D Assistant');
    expect(titleForPath('/login')).toBe('Log in — L&D Assistant');
    expect(titleForPath('/verify-email')).toBe('Verify your email — L&D Assistant');
    expect(titleForPath('/reset-password')).toBe('Reset your password — L&D Assistant');
    expect(titleForPath('/profile')).toBe('Profile & Settings — L&D Assistant');
    expect(titleForPath('/chat/abc123')).toBe('Chat — L&D Assistant');
    expect(titleForPath('/assistant')).toBe('Assistant — L&D Assistant');
    expect(titleForPath('/admin')).toBe('Admin — L&D Assistant');
  });

  it('ignores a trailing slash and gives unknown paths the 404 title', () => {
    expect(titleForPath('/contact/')).toBe('Contact — L&D Assistant');
    expect(titleForPath('/no/such/page')).toBe(NOT_FOUND_TITLE);
    expect(titleForPath('/chat/a/b')).toBe(NOT_FOUND_TITLE);
  });
});
