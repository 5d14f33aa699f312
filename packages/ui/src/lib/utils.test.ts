import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('joins conditional classes', () => {
    const off = false as boolean;
    expect(cn('a', off && 'b', undefined, ['c', { d: true, e: false }])).toBe('a c d');
  });
  it('lets later Tailwind classes win over conflicting earlier ones', () => {
    expect(cn('px-2 py-1 bg-primary', 'px-4', 'bg-destructive')).toBe('py-1 px-4 bg-destructive');
  });
});
