// The header's menu below 768 px: the same items as the desktop header, one a row, closing on any action.
import { useId, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { LayoutDashboard, LogOut, Shield, User, Users, type LucideIcon } from 'lucide-react';
import { Button, cn, Separator, ToggleGroup, ToggleGroupItem } from '@app/ui';
import { THEME_OPTIONS, useTheme, type Theme } from '../theme';
import type { useTeamNav } from '../team/use-team-nav';
import { SectionLink } from './section-link';

const mobileItem =
  'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-base font-medium transition-colors hover:bg-accent outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground';

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

/** A menu item with its icon (Dashboard, Profile, Admin). */
function IconLink({
  to,
  icon: Icon,
  onClick,
  children,
}: {
  to: string;
  icon: LucideIcon;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <NavLink to={to} className={mobileItem} onClick={onClick}>
      <Icon className="text-muted-foreground size-5" aria-hidden />
      {children}
    </NavLink>
  );
}

export function MobileMenu({
  id,
  isAuthenticated,
  isAdmin,
  team,
  onClose,
  onLogout,
}: {
  id: string;
  isAuthenticated: boolean;
  isAdmin: boolean | undefined;
  team: ReturnType<typeof useTeamNav>;
  onClose: () => void;
  onLogout: () => void;
}) {
  return (
    <nav
      id={id}
      aria-label="Mobile"
      className="bg-background animate-in fade-in-0 slide-in-from-top-2 absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y px-4 pt-2 pb-4 shadow-lg md:hidden"
    >
      <ul className="flex flex-col gap-1">
        {isAuthenticated ? (
          <>
            <li>
              <IconLink to="/dashboard" icon={LayoutDashboard} onClick={onClose}>
                Dashboard
              </IconLink>
            </li>
            {team && (
              <li>
                <NavLink to="/team" end={false} className={mobileItem} onClick={onClose}>
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
              <IconLink to="/profile" icon={User} onClick={onClose}>
                Profile
              </IconLink>
            </li>
            <li>
              <MobileThemeChoice onChosen={onClose} />
            </li>
            {isAdmin && (
              <li>
                <IconLink to="/admin" icon={Shield} onClick={onClose}>
                  Admin
                </IconLink>
              </li>
            )}
            <li>
              <Separator className="my-2" />
              <button type="button" className={cn(mobileItem, 'text-destructive')} onClick={onLogout}>
                <LogOut className="size-5" aria-hidden />
                Log out
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <SectionLink id="features" className={mobileItem} onNavigate={onClose}>
                Features
              </SectionLink>
            </li>
            <li>
              <SectionLink id="pricing" className={mobileItem} onNavigate={onClose}>
                Pricing
              </SectionLink>
            </li>
            <li>
              <NavLink to="/contact" className={mobileItem} onClick={onClose}>
                Contact
              </NavLink>
            </li>
            <li>
              <MobileThemeChoice onChosen={onClose} />
            </li>
            <li className="mt-2 grid grid-cols-2 gap-2">
              <Button asChild variant="outline" size="lg">
                <Link to="/login" onClick={onClose}>
                  Log in
                </Link>
              </Button>
              <Button asChild size="lg">
                <Link to="/trial" onClick={onClose}>
                  Start Free Trial
                </Link>
              </Button>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
