// Public pages of issue 4: landing, pricing, contact, privacy, terms.
import { expect, test, type Page } from '@playwright/test';

const OWN_PAGES = [
  {
    path: '/',
    heading: /Turn expert knowledge into/,
    title: 'L&D Assistant — AI co-designer for instructional designers',
  },
  { path: '/pricing', heading: 'Choose Your Plan', title: 'Choose Your Plan — L&D Assistant' },
  { path: '/contact', heading: 'Get in touch', title: 'Contact — L&D Assistant' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy — L&D Assistant' },
  { path: '/terms', heading: 'Terms of Use', title: 'Terms of Use — L&D Assistant' },
];

/** Every public route of the route table (SPEC §2) and its document title. */
const PUBLIC_TITLES: [path: string, title: string][] = [
  ...OWN_PAGES.map((p): [string, string] => [p.path, p.title]),
  ['/login', 'Log in — L&D Assistant'],
  ['/trial', 'Start Your 7-Day Free Trial — L&D Assistant'],
  ['/verify-email', 'Verify your email — L&D Assistant'],
  ['/reset-password', 'Reset your password — L&D Assistant'],
  ['/profile', 'Profile & Settings — L&D Assistant'],
  ['/no-such-page', 'Page not found — L&D Assistant'],
];

async function h1(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test.describe('public routes render', () => {
  for (const p of OWN_PAGES) {
    test(`${p.path} shows its title`, async ({ page }) => {
      await page.goto(p.path);
      await expect(await h1(page)).toHaveText(p.heading);
    });
  }

  for (const [path, title] of PUBLIC_TITLES) {
    test(`${path} sets the document title`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    });
  }

  test('the title follows client-side navigation (never stale)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    await expect(page).toHaveTitle('Choose Your Plan — L&D Assistant');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Log in — L&D Assistant');
    await footer.getByRole('link', { name: 'Terms of Use', exact: true }).click();
    await expect(page).toHaveTitle('Terms of Use — L&D Assistant');
    await page.goBack();
    await expect(page).toHaveTitle('Log in — L&D Assistant');
  });

  test('/login and /trial (pages of other issues) respond', async ({ page }) => {
    for (const path of ['/login', '/trial']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.locator('#root')).not.toBeEmpty();
    }
  });

  test('landing has its sections in order with the anchors', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#home')).toBeVisible();
    // SPEC §2: header, hero (#home), problems, features (#features), benefits, three-step how-it-works,
    // pricing (#pricing), testimonials, FAQ, closing call to action, footer.
    const sections = await page.locator('main > section').evaluateAll((els) =>
      els.map((e) => ({
        id: e.id || null,
        heading: document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.id ?? null,
      })),
    );
    expect(sections).toEqual([
      { id: 'home', heading: 'hero-title' },
      { id: null, heading: 'problems-title' },
      { id: 'features', heading: 'features-title' },
      { id: null, heading: 'benefits-title' },
      { id: 'how-it-works', heading: 'how-title' },
      { id: 'pricing', heading: 'pricing-title' },
      { id: null, heading: 'testimonials-title' },
      { id: null, heading: 'faq-title' },
      { id: null, heading: 'cta-title' },
    ]);
    await expect(page.locator('#how-it-works').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    // The header comes before the sections and the footer after them.
    expect(
      await page.evaluate(() => {
        const header = document.querySelector('header')!;
        const main = document.querySelector('main')!;
        const footer = document.querySelector('footer')!;
        return (
          !!(header.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING) &&
          !!(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING)
        );
      }),
    ).toBe(true);
    await expect(page.locator('#pricing').getByRole('heading', { name: 'Pro', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Start Free Trial/ }).first()).toHaveAttribute(
      'href',
      '/trial',
    );
  });

  test('landing FAQ opens one item at a time and collapses', async ({ page }) => {
    await page.goto('/');
    const first = page.getByRole('button', { name: 'How does the 7-day free trial work?' });
    const second = page.getByRole('button', { name: 'What counts as a message?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('unused messages don’t roll over')).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

/** On /trial after a plan choice: navigation state fromPricing=true and no auto-opened plan dialog (SPEC §2). */
async function expectArrivedFromPricing(page: Page) {
  await expect(page).toHaveURL(/\/trial$/);
  await expect(page.getByRole('heading', { level: 1, name: /Start Your 7-Day Free Trial/ })).toBeVisible();
  expect(
    await page.evaluate(
      () => (history.state as { usr?: { fromPricing?: unknown } } | null)?.usr?.fromPricing,
    ),
  ).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toHaveCount(0);
}

test.describe('pricing', () => {
  test('the toggle switches to annual prices and savings', async ({ page }) => {
    await page.goto('/pricing');
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    await expect(monthly).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('price-starter')).toHaveText('$12');
    await expect(page.getByTestId('price-pro')).toHaveText('$27');
    await expect(page.getByTestId('price-team')).toHaveText('$99');
    await expect(page.getByText('Save 16.67%')).toHaveCount(0);

    await page.getByRole('radio', { name: /Annual/ }).click();
    await expect(page.getByTestId('price-starter')).toHaveText('$144');
    await expect(page.getByTestId('price-pro')).toHaveText('$324');
    await expect(page.getByTestId('price-team')).toHaveText('$1,188');
    await expect(page.getByText('Save 16.67%')).toHaveCount(3);
    for (const saving of ['$24', '$54', '$198']) {
      await expect(page.getByText(saving, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/2MONTHSFREE/).first()).toBeVisible();
    await expect(page.getByText(/14 months for the price of 12/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /custom plans/i })).toHaveAttribute('href', '/contact');
  });

  test('choosing Pro stores the selection and goes to /trial', async ({ page, request }) => {
    const cfg = await request.get('/trpc/system.publicConfig');
    const proMonthly = (
      (await cfg.json()) as { result: { data: { json: { priceIds: { pro: { monthly: string } } } } } }
    ).result.data.json.priceIds.pro.monthly;
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Start with Pro' }).click();
    await expectArrivedFromPricing(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('selectedPlan') ?? 'null'));
    expect(stored).toMatchObject({
      name: 'Pro',
      priceId: proMonthly,
      billingCycle: 'monthly',
      price: '$27',
      period: '/mo',
      messages: '1,000 messages/month',
    });
  });

  test('choosing a plan in the landing #pricing section goes to /trial from pricing', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#pricing');
    await section.getByRole('button', { name: 'Start with Starter' }).click();
    await expectArrivedFromPricing(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('selectedPlan') ?? 'null'));
    expect(stored).toMatchObject({ name: 'Starter', billingCycle: 'monthly', price: '$12' });
  });

  test('choosing an annual plan stores the annual price id', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /Annual/ }).click();
    await page.getByRole('button', { name: 'Start with Team' }).click();
    await expectArrivedFromPricing(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('selectedPlan') ?? 'null'));
    expect(stored).toMatchObject({ name: 'Team', billingCycle: 'annual', price: '$1,188' });
    expect(stored.priceId).toContain('annual');
  });

  test('?subscription=cancelled shows the toast and cleans the URL', async ({ page }) => {
    await page.goto('/pricing?subscription=cancelled');
    await expect(page.getByText('Subscription process was cancelled')).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('contact', () => {
  test('submitting the form shows the success toast and clears the fields', async ({ page }) => {
    await page.goto('/contact');
    const name = page.getByLabel(/^Name/);
    const email = page.getByLabel(/^Email/);
    const company = page.getByLabel(/^Company/);
    const message = page.getByLabel(/^Message/);
    await expect(name).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(company).not.toHaveAttribute('required', '');
    await name.fill('Jordan Lee');
    await email.fill('jordan@example.com');
    await company.fill('Acme Learning');
    await message.fill('We would like a custom plan for 40 designers.');
    await page.getByRole('button', { name: /Send message/ }).click();
    await expect(page.getByText('Message sent!')).toBeVisible();
    await expect(
      page.getByText("Thank you for your message. We'll get back to you within 1-2 business days."),
    ).toBeVisible();
    for (const field of [name, email, company, message]) await expect(field).toHaveValue('');
  });

  test('required fields block an empty submit', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: /Send message/ }).click();
    await expect(page.getByText('Message sent!')).toHaveCount(0);
  });

  test('contact FAQ is a single-open collapsible accordion', async ({ page }) => {
    await page.goto('/contact');
    const a = page.getByRole('button', { name: 'How quickly will I hear back?' });
    const b = page.getByRole('button', { name: 'Can you build a plan for a larger team?' });
    await a.click();
    await expect(a).toHaveAttribute('aria-expanded', 'true');
    await b.click();
    await expect(a).toHaveAttribute('aria-expanded', 'false');
    await b.click();
    await expect(b).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('legal pages', () => {
  test('privacy counts messages per billing period, not per month (annual quotas cover 14 months)', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(main).toContainText(/count messages against your plan.s quota for the billing period/);
    await expect(main).not.toContainText('monthly quota');
  });

  for (const path of ['/privacy', '/terms']) {
    test(`${path} has a last-updated date and a working table of contents`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(/Last updated:/)).toBeVisible();
      const toc = page.getByRole('navigation', { name: 'Table of contents' });
      const links = toc.getByRole('link');
      expect(await links.count()).toBeGreaterThan(6);
      const href = await links.last().getAttribute('href');
      await links.last().click();
      await expect(page.locator(href!)).toBeInViewport();
    });
  }
});

test.describe('layout', () => {
  for (const width of [375, 1280]) {
    test(`no horizontal scroll at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const p of OWN_PAGES) {
        await page.goto(p.path);
        await expect(await h1(page)).toBeVisible();
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, `${p.path} at ${width}px`).toBeLessThanOrEqual(innerWidth);
      }
    });
  }
});
