// /admin (SPEC §2 Admin area, §6): users (default), plans, usage logs and payment status, chosen in a side
// navigation and kept in the URL (`?section=`), and a way back to /dashboard. RequireAdmin (routes.tsx) sends
// signed-out visitors to /login and non-admins to /dashboard; the server checks every call again.
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button, SidebarInset, SidebarProvider, SidebarTrigger } from '@app/ui';
import { ThemeToggle } from '../../components/theme';
import { parseSection, type AdminSection } from '../../components/admin/admin-format';
import {
  AdminSectionSelect,
  AdminSidebar,
  SECTION_INFO,
  sectionHref,
} from '../../components/admin/admin-nav';
import { UsersSection } from '../../components/admin/users-section';
import { PlansSection } from '../../components/admin/plans-section';
import { UsageSection } from '../../components/admin/usage-section';
import { PaymentsSection } from '../../components/admin/payments-section';

const SECTIONS: Record<AdminSection, () => React.JSX.Element> = {
  users: UsersSection,
  plans: PlansSection,
  usage: UsageSection,
  stripe: PaymentsSection,
};

export default function AdminPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const section = parseSection(params.get('section'));
  const Section = SECTIONS[section];
  const { label } = SECTION_INFO[section];

  useEffect(() => {
    document.title = `${label} · Admin — L&D Assistant`;
  }, [label]);

  return (
    <SidebarProvider>
      <AdminSidebar section={section} />
      <SidebarInset className="min-w-0">
        <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
          <SidebarTrigger className="hidden md:inline-flex" />
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold">
            Admin <span className="text-muted-foreground hidden font-normal md:inline">/ {label}</span>
          </h1>
          <Button asChild variant="ghost" size="sm" className="md:hidden">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
          <ThemeToggle />
        </header>
        <div className="border-b px-3 py-2 md:hidden">
          <AdminSectionSelect section={section} onChange={(s) => navigate(sectionHref(s))} />
        </div>
        <div
          className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-3 py-6 sm:px-6 lg:px-8"
          data-section={section}
        >
          <Section key={section} />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
