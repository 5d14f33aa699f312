// Header + page + footer for public pages, the dashboard and the profile.
import { Outlet } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';
import { VerifyEmailBanner } from './verify-email-banner';

export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="bg-primary text-primary-foreground sr-only z-50 rounded-md px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <VerifyEmailBanner />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
