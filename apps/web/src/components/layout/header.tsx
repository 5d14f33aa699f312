// The site header (SPEC §2 "Header, footer, theme"). Signed out: Features, Pricing, Contact, theme, Log in,
// Start Free Trial. Signed in: Dashboard, Team (Team users, with the workspace's name), Admin (admins), theme, profile,
// Log out. Below 768 px the items move into
// a collapsible menu that closes on any action.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LogOut, Menu, Shield, User, Users, X, LayoutDashboard } from 'lucide-react';
import { Button, cn, Separator, ToggleGroup, ToggleGroupItem } from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { ThemeToggle, THEME_OPTIONS, useTheme, type Theme } from '../theme';
import { Logo } from './logo';
import { useSectionNav, type SectionId } from './use-section-nav';
import { useTeamNav } from '../team/use-team-nav';
import { NotificationsBell } from '../review/notifications-bell';

const desktopLink =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground hover:bg-accent/60 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:text-foreground';
const mobileItem =
  'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-base font-medium transition-colors hover:bg-accent outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground';

function SectionLink({
  id,
  className,
  onNavigate,
  children,
}: {
  id: SectionId;
  className: string;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const goTo = useSectionNav();
  return (
    <a
      href={`/#${id}`}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        onNavigate?.();
        goTo(id);
      }}
    >
      {children}
    </a>
  );
}

function MobileThemeChoice({ onChosen }: { onChosen: () => void }) {
  const { theme, setTheme } = useTheme();
  const labelId = useId();
  return (
    <div className="flex items-center justify-between gap-3 px-3 py-2">
      <span id={labelId} className="text-base font-medium">
        Theme
      </span>
      <ToggleGroup
        type="single"
        size="sm"
        value={theme}
        aria-labelledby={labelId}
        onValueChange={(v) => {
          if (v) setTheme(v as Theme);
          onChosen();
        }}
      >
        {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
          <ToggleGroupItem key={value} value={value} aria-label={label} title={label}>
            <Icon aria-hidden />
            <span className="sr-only sm:not-sr-only">{label}</span>
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
    </div>
  );
}

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
        <nav
          id={menuId}
          aria-label="Mobile"
          className="bg-background animate-in fade-in-0 slide-in-from-top-2 absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y px-4 pt-2 pb-4 shadow-lg md:hidden"
        >
          <ul className="flex flex-col gap-1">
            {isAuthenticated ? (
              <>
                <li>
                  <NavLink to="/dashboard" className={mobileItem} onClick={close}>
                    <LayoutDashboard className="text-muted-foreground size-5" aria-hidden />
                    Dashboard
                  </NavLink>
                </li>
                {team && (
                  <li>
                    <NavLink to="/team" end={false} className={mobileItem} onClick={close}>
                      <Users className="text-muted-foreground size-5" aria-hidden />
                      <span className="min-w-0">
                        Team
                        <span className="text-muted-foreground block truncate text-xs font-normal">
                          {team.name}
                        </span>
                      </span>
                    </NavLink>
                  </li>
                )}
                <li>
                  <NavLink to="/profile" className={mobileItem} onClick={close}>
                    <User className="text-muted-foreground size-5" aria-hidden />
                    Profile
                  </NavLink>
                </li>
                <li>
                  <MobileThemeChoice onChosen={close} />
                </li>
                {user?.isAdmin && (
                  <li>
                    <NavLink to="/admin" className={mobileItem} onClick={close}>
                      <Shield className="text-muted-foreground size-5" aria-hidden />
                      Admin
                    </NavLink>
                  </li>
                )}
                <li>
                  <Separator className="my-2" />
                  <button type="button" className={cn(mobileItem, 'text-destructive')} onClick={handleLogout}>
                    <LogOut className="size-5" aria-hidden />
                    Log out
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <SectionLink id="features" className={mobileItem} onNavigate={close}>
                    Features
                  </SectionLink>
                </li>
                <li>
                  <SectionLink id="pricing" className={mobileItem} onNavigate={close}>
                    Pricing
                  </SectionLink>
                </li>
                <li>
                  <NavLink to="/contact" className={mobileItem} onClick={close}>
                    Contact
                  </NavLink>
                </li>
                <li>
                  <MobileThemeChoice onChosen={close} />
                </li>
                <li className="mt-2 grid grid-cols-2 gap-2">
                  <Button asChild variant="outline" size="lg">
                    <Link to="/login" onClick={close}>
                      Log in
                    </Link>
                  </Button>
                  <Button asChild size="lg">
                    <Link to="/trial" onClick={close}>
                      Start Free Trial
                    </Link>
                  </Button>
                </li>
              </>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}
