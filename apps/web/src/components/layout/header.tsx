// The site header (SPEC §2 "Header, footer, theme"). Signed out: Features, Pricing, Contact, theme, Log in,
// Start Free Trial. Signed in: Dashboard, Team (Team users, with the workspace's name), Admin (admins), theme, profile,
// Log out. Below 768 px the items move into
// a collapsible menu that closes on any action.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LogOut, Menu, User, Users, X } from 'lucide-react';
import { Button } from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { ThemeToggle } from '../theme';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SectionLink } from './section-link';
import { useTeamNav } from '../team/use-team-nav';
import { NotificationsBell } from '../review/notifications-bell';

const desktopLink =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground hover:bg-accent/60 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:text-foreground';
export function Header() {
  const { isAuthenticated, user, logout } = useAuth();
  const team = useTeamNav(isAuthenticated);
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);

  // The menu also closes on navigation, on Escape (focus goes back to the menu button), on a click outside the header
  // and when the window grows past the breakpoint.
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const mql = window.matchMedia('(min-width: 768px)');
    const onWide = (e: MediaQueryListEvent) => e.matches && setMenuOpen(false);
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    mql.addEventListener('change', onWide);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      mql.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  async function handleLogout() {
    close();
    await logout();
    navigate('/login');
  }

  return (
    <header
      ref={headerRef}
      className="bg-background/80 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 w-full border-b backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={isAuthenticated ? '/dashboard' : '/'}
          className="focus-visible:ring-ring/50 -m-1 rounded-md p-1 outline-none focus-visible:ring-[3px]"
          aria-label="L&D Assistant home"
          onClick={close}
        >
          <Logo />
        </Link>

        {/* Desktop navigation */}
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {isAuthenticated ? (
            <>
              <NavLink to="/dashboard" className={desktopLink}>
                Dashboard
              </NavLink>
              {team && (
                <NavLink to="/team" end={false} className={desktopLink}>
                  Team
                </NavLink>
              )}
              {user?.isAdmin && (
                <NavLink to="/admin" className={desktopLink}>
                  Admin
                </NavLink>
              )}
            </>
          ) : (
            <>
              <SectionLink id="features" className={desktopLink}>
                Features
              </SectionLink>
              <SectionLink id="pricing" className={desktopLink}>
                Pricing
              </SectionLink>
              <NavLink to="/contact" className={desktopLink}>
                Contact
              </NavLink>
            </>
          )}
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          {isAuthenticated ? (
            <>
              {team && (
                <Link
                  to="/team"
                  className="text-muted-foreground hover:text-foreground bg-muted/60 hidden max-w-48 items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium lg:flex"
                  title={`Team workspace: ${team.name}`}
                  data-testid="header-workspace"
                >
                  <Users className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">{team.name}</span>
                </Link>
              )}
              <NotificationsBell enabled={!!team} />
              <Button asChild variant="ghost" size="icon" className="rounded-full">
                <Link to="/profile" aria-label="Profile" title="Profile">
                  <span className="bg-primary/10 text-primary flex size-8 items-center justify-center rounded-full">
                    <User aria-hidden />
                  </span>
                </Link>
              </Button>
              <Button variant="outline" onClick={handleLogout}>
                <LogOut aria-hidden />
                Log out
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to="/login">Log in</Link>
              </Button>
              <Button asChild>
                <Link to="/trial">Start Free Trial</Link>
              </Button>
            </>
          )}
        </div>

        {/* Mobile: the notifications bell beside the menu button */}
        <div className="ml-auto md:hidden">
          <NotificationsBell enabled={!!team} />
        </div>
        {/* Mobile menu button */}
        <Button
          ref={toggleRef}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </div>

      {menuOpen && (
        <MobileMenu
          id={menuId}
          isAuthenticated={isAuthenticated}
          isAdmin={user?.isAdmin}
          team={team}
          onClose={close}
          onLogout={handleLogout}
        />
      )}
    </header>
  );
}
