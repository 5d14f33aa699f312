// The site footer (SPEC §2): Home, Features, Pricing, Contact, Login, Privacy Policy, Terms of Use; Copyright 2025.
// Signed-in users cannot open the landing page (/ redirects them to /dashboard), so for them Home goes to
// /dashboard and Features / Pricing to /pricing instead of the landing anchors.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { Logo } from './logo';
import { useSectionNav, type SectionId } from './use-section-nav';

const linkClass =
  'text-sm text-muted-foreground transition-colors hover:text-foreground rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

function FooterSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const goTo = useSectionNav();
  return (
    <a
      href={`/#${id}`}
      className={linkClass}
      onClick={(e) => {
        e.preventDefault();
        goTo(id);
      }}
    >
      {children}
    </a>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-foreground text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

export function Footer() {
  const { isAuthenticated } = useAuth();
  return (
    <footer className="bg-muted/40 border-t">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[2fr_3fr]">
          <div className="max-w-xs">
            <Link
              to={isAuthenticated ? '/dashboard' : '/'}
              aria-label="L&D Assistant home"
              className="focus-visible:ring-ring/50 inline-block rounded-md outline-none focus-visible:ring-[3px]"
            >
              <Logo />
            </Link>
            <p className="text-muted-foreground mt-3 text-sm leading-relaxed">
              Your AI partner for instructional design: objectives, assessments, scenarios and learning plans
              from expert input.
            </p>
          </div>
          <nav aria-label="Footer">
            <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
              <Column title="Product">
                <li>
                  <Link to={isAuthenticated ? '/dashboard' : '/'} className={linkClass}>
                    Home
                  </Link>
                </li>
                {isAuthenticated ? (
                  <>
                    <li>
                      <Link to="/pricing" className={linkClass}>
                        Features
                      </Link>
                    </li>
                    <li>
                      <Link to="/pricing" className={linkClass}>
                        Pricing
                      </Link>
                    </li>
                  </>
                ) : (
                  <>
                    <li>
                      <FooterSection id="features">Features</FooterSection>
                    </li>
                    <li>
                      <FooterSection id="pricing">Pricing</FooterSection>
                    </li>
                  </>
                )}
              </Column>
              <Column title="Company">
                <li>
                  <Link to="/contact" className={linkClass}>
                    Contact
                  </Link>
                </li>
                <li>
                  {/* Signed-in users cannot open /login (it sends them to /dashboard): offer their profile. */}
                  <Link to={isAuthenticated ? '/profile' : '/login'} className={linkClass}>
                    {isAuthenticated ? 'Profile' : 'Login'}
                  </Link>
                </li>
              </Column>
              <Column title="Legal">
                <li>
                  <Link to="/privacy" className={linkClass}>
                    Privacy Policy
                  </Link>
                </li>
                <li>
                  <Link to="/terms" className={linkClass}>
                    Terms of Use
                  </Link>
                </li>
              </Column>
            </div>
          </nav>
        </div>
        <div className="text-muted-foreground mt-10 border-t pt-6 text-sm">
          <p>© Copyright 2025 L&amp;D Assistant. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
