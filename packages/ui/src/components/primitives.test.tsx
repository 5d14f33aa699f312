// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Badge } from './badge';
import { Progress } from './progress';
import { Checkbox } from './checkbox';
import { Label } from './label';

afterEach(cleanup);

describe('Progress', () => {
  it('clamps the value and lets callers colour the indicator', () => {
    const { container } = render(
      <Progress value={140} aria-label="Usage" indicatorClassName="bg-destructive" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Usage' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    const indicator = container.querySelector('[data-slot=progress-indicator]') as HTMLElement;
    expect(indicator.className).toContain('bg-destructive');
    expect(indicator.className).not.toContain('bg-primary ');
    expect(indicator.style.transform).toBe('translateX(-0%)');
  });

  it('shows the fraction of max', () => {
    const { container } = render(<Progress value={25} aria-label="Usage" />);
    const indicator = container.querySelector('[data-slot=progress-indicator]') as HTMLElement;
    expect(indicator.style.transform).toBe('translateX(-75%)');
  });
});

describe('Badge', () => {
  it.each([
    ['warning', 'bg-warning'],
    ['success', 'bg-success'],
    ['destructive', 'bg-destructive'],
    ['secondary', 'bg-secondary'],
    ['outline', 'text-foreground'],
  ] as const)('variant %s', (variant, cls) => {
    render(<Badge variant={variant}>x</Badge>);
    expect(screen.getByText('x').className).toContain(cls);
  });
});

describe('Checkbox + Label', () => {
  it('is a labelled checkbox', () => {
    render(
      <div>
        <Checkbox id="remember" />
        <Label htmlFor="remember">Remember me</Label>
      </div>,
    );
    expect(screen.getByRole('checkbox', { name: 'Remember me' }).getAttribute('aria-checked')).toBe('false');
  });
});
