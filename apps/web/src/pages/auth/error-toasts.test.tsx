// @vitest-environment happy-dom
// Issue 37 item 9: a form's error toast goes when the user corrects the input or succeeds — never beside the
// success toast that follows (login's 'Please enter your email address first' beside 'Password reset email
// sent!', sign-up's 'Missing Information' beside 'Welcome aboard!').
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_PRICE_IDS, placeholderPlans } from '@app/api/client';

/** A toast stand-in that knows which error toasts are on screen when a success toast appears. */
const toasts = vi.hoisted(() => {
  const live = new Map<number, string>();
  const successes: { title: string; errorsOnScreen: string[] }[] = [];
  let next = 0;
  const toast = Object.assign(vi.fn(), {
    error: vi.fn((title: string) => {
      next += 1;
      live.set(next, title);
      return next;
    }),
    success: vi.fn((title: string) => {
      successes.push({ title, errorsOnScreen: [...live.values()] });
      return 0;
    }),
    info: vi.fn(),
    dismiss: vi.fn((id?: number) => (id === undefined ? live.clear() : live.delete(id))),
  });
  return { live, successes, toast };
});
vi.mock('@app/ui', async (orig) => ({ ...(await orig<typeof import('@app/ui')>()), toast: toasts.toast }));

const PLANS = placeholderPlans().map((p) => ({
  ...p,
  monthlyPriceId: DEFAULT_PRICE_IDS[p.id].monthly,
  annualPriceId: DEFAULT_PRICE_IDS[p.id].annual,
}));
vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    auth: {
      forgotPassword: { mutationOptions: () => ({ mutationFn: async () => ({ message: 'sent' }) }) },
      resendVerification: { mutationOptions: () => ({ mutationFn: async () => ({ message: 'sent' }) }) },
      register: {
        mutationOptions: () => ({
          mutationFn: async () => ({ accessToken: 't', user: { id: 'u1', email: 'jane@company.test' } }),
        }),
      },
    },
    system: {
      publicConfig: {
        queryOptions: () => ({ queryKey: ['config'], queryFn: async () => ({ stripePublishableKey: null }) }),
      },
    },
    subscriptions: {
      plans: { queryOptions: () => ({ queryKey: ['plans'], queryFn: async () => ({ plans: PLANS }) }) },
    },
  }),
}));
vi.mock('../../auth/auth-context', () => ({
  useAuth: () => ({ login: vi.fn(async () => undefined), setSession: vi.fn() }),
}));
vi.mock('../../components/billing/payment-card', async () => {
  const { useEffect } = await import('react');
  return {
    PaymentCard: ({ onReady }: { onReady: (h: unknown) => void }) => {
      useEffect(() => onReady({ createPaymentMethod: async () => ({ paymentMethodId: 'pm_1' }) }), [onReady]);
      return <div>card</div>;
    },
  };
});

import LoginPage from './login';
import TrialPage from '../billing/trial';

function renderPage(page: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toasts.live.clear();
  toasts.successes.length = 0;
  localStorage.clear();
});
afterEach(cleanup);

describe('error toasts go when the input is corrected or the action succeeds', () => {
  it("login: 'enter your email first' is gone by 'Password reset email sent!'", async () => {
    renderPage(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect([...toasts.live.values()]).toEqual(['Please enter your email address first']);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@company.test' } });
    expect([...toasts.live.values()]).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() =>
      expect(toasts.successes).toEqual([
        { title: 'Password reset email sent! Please check your inbox.', errorsOnScreen: [] },
      ]),
    );
  });

  it('login: an error is gone when the next attempt succeeds even without typing', async () => {
    renderPage(<LoginPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@company.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(toasts.live.size).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(toasts.successes).toHaveLength(1));
    expect(toasts.successes[0]!.errorsOnScreen).toEqual([]);
  });

  it("sign-up: 'Missing Information' is gone by 'Welcome aboard!'", async () => {
    localStorage.setItem(
      'selectedPlan',
      JSON.stringify({
        name: 'Pro',
        priceId: 'price_pro_monthly',
        billingCycle: 'monthly',
        price: 27,
        period: '/mo',
        messages: '1,000 messages/month',
      }),
    );
    renderPage(<TrialPage />);
    const submit = await screen.findByRole('button', { name: /start.*trial/i });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    expect([...toasts.live.values()]).toEqual(['Missing Information']);
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Jane Doe' } });
    expect([...toasts.live.values()]).toEqual([]);
    fireEvent.change(screen.getByLabelText('Work email *'), { target: { value: 'jane@company.test' } });
    fireEvent.change(screen.getByLabelText('Password *'), { target: { value: 'Long-enough-1' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toasts.successes.map((s) => s.title)).toEqual(['Welcome aboard!']));
    expect(toasts.successes[0]!.errorsOnScreen).toEqual([]);
  });
});
