// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Badge } from './badge';
import { Progress } from './progress';
import { Checkbox } from './checkbox';
import { Label } from './label';
import { Input } from './input';

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

describe('Badge shapes and sizes', () => {
  it('defaults to a rounded rectangle and offers a pill in two sizes', () => {
    render(
      <div>
        <Badge>plain</Badge>
        <Badge variant="success" shape="pill">
          pill
        </Badge>
        <Badge shape="pill" size="lg">
          big
        </Badge>
      </div>,
    );
    expect(screen.getByText('plain').className).toMatch(/\brounded-md\b.*\bpx-2\b/);
    expect(screen.getByText('pill').className).toMatch(/\bbg-success\b.*\brounded-full\b/);
    expect(screen.getByText('pill').className).not.toContain('rounded-md');
    expect(screen.getByText('big').className).toMatch(/\brounded-full\b.*\bpx-3 py-1\b/);
  });
});

describe('Input sizes', () => {
  it('is h-9 by default and h-10 at lg, with no other height', () => {
    render(
      <div>
        <Input aria-label="small" />
        <Input aria-label="large" size="lg" />
      </div>,
    );
    const small = screen.getByRole('textbox', { name: 'small' });
    const large = screen.getByRole('textbox', { name: 'large' });
    expect(small.className).toContain('h-9');
    expect(large.className).toContain('h-10');
    expect(large.className).not.toContain('h-9');
    expect(large.getAttribute('size')).toBeNull();
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
