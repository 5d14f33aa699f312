// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Alert, AlertAction, AlertDescription, AlertTitle } from './alert';
import { FormField } from './form-field';
import { Input } from './input';
import { StatCard } from './stat-card';

afterEach(cleanup);

describe('Alert', () => {
  it.each([
    ['destructive', 'alert', 'bg-status-error'],
    ['error', 'alert', 'bg-status-error'],
    ['warning', 'status', 'bg-status-warning'],
    ['success', 'status', 'bg-status-success'],
    ['info', 'status', 'bg-status-info'],
    ['default', 'status', 'bg-card'],
  ] as const)('%s has role %s and its status colours', (variant, role, cls) => {
    render(
      <Alert variant={variant}>
        <AlertTitle>Title</AlertTitle>
        <AlertDescription>Body</AlertDescription>
      </Alert>,
    );
    const alert = screen.getByRole(role);
    expect(alert.className).toContain(cls);
    expect(alert.getAttribute('data-variant')).toBe(variant);
    expect(alert.textContent).toBe('TitleBody');
  });

  it('lets the caller choose the role and add actions', () => {
    render(
      <Alert variant="warning" role="alert">
        <AlertTitle>Trial ends soon</AlertTitle>
        <AlertAction>
          <button type="button">Upgrade</button>
        </AlertAction>
      </Alert>,
    );
    expect(screen.getByRole('alert').querySelector('[data-slot=alert-action] button')?.textContent).toBe(
      'Upgrade',
    );
  });
});

describe('FormField', () => {
  it('wires label, description and error onto the control', () => {
    render(
      <FormField label="Email" description="We never share it." error="Enter a valid email">
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'We never share it.',
      'Enter a valid email',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid email');
  });

  it("keeps the control's own id and describedby, and is valid without an error", () => {
    render(
      <>
        <p id="rules">Rules</p>
        <FormField label="Password" labelAside={<button type="button">Forgot?</button>}>
          <Input id="pw" aria-describedby="rules" />
        </FormField>
      </>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.id).toBe('pw');
    expect(input.getAttribute('aria-describedby')).toBe('rules');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Forgot?' })).toBeTruthy();
  });

  it('uses an explicit id and gives each field a distinct generated one', () => {
    render(
      <>
        <FormField label="A" id="field-a">
          <Input />
        </FormField>
        <FormField label="B">
          <Input />
        </FormField>
        <FormField label="C">
          <Input />
        </FormField>
      </>,
    );
    expect(screen.getByLabelText('A').id).toBe('field-a');
    expect(screen.getByLabelText('B').id).not.toBe(screen.getByLabelText('C').id);
  });
});

describe('StatCard', () => {
  it('shows title, value, hint and a trend', () => {
    render(
      <StatCard
        title="Total Requests"
        value="1,204"
        hint="In selected period"
        trend={{ value: '+12%', direction: 'up' }}
      />,
    );
    const card = screen.getByRole('group', { name: 'Total Requests' });
    expect(card.textContent).toContain('1,204');
    expect(card.textContent).toContain('In selected period');
    const trend = card.querySelector('[data-slot=stat-card-trend]')!;
    expect(trend.textContent).toBe('Up+12%');
    expect(trend.className).toContain('text-status-success-foreground');
  });

  it('a falling figure can be good news', () => {
    render(
      <StatCard title="Churn" value="2%" trend={{ value: '-1%', direction: 'down', intent: 'positive' }} />,
    );
    expect(document.querySelector('[data-slot=stat-card-trend]')!.className).toContain(
      'text-status-success-foreground',
    );
  });

  it('shows skeletons while loading', () => {
    render(<StatCard title="Success Rate" value="99.1%" hint="Successful requests" loading />);
    const card = screen.getByRole('group', { name: 'Success Rate' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(card.textContent).not.toContain('99.1%');
    expect(card.querySelectorAll('[data-slot=skeleton]').length).toBe(2);
  });
});
