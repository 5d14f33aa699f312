// The admin area's navigation (SPEC §2: a side navigation switching between users, plans, usage and stripe, and a
// Back button to /dashboard). The section is the URL's `?section=`, so reload and Back keep it. From 768 px it is
// the design system's sidebar (collapsible to icons); below, a select at the top of the page.
import { Link } from 'react-router';
import { ArrowLeft, CreditCard, Layers, ScrollText, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '@app/ui';
import { ADMIN_SECTIONS, type AdminSection } from './admin-format';

export const SECTION_INFO: Record<AdminSection, { label: string; icon: LucideIcon }> = {
  users: { label: 'Users', icon: Users },
  plans: { label: 'Plans', icon: Layers },
  usage: { label: 'Usage Logs', icon: ScrollText },
  stripe: { label: 'Payment Status', icon: CreditCard },
};

export const sectionHref = (s: AdminSection) => (s === 'users' ? '/admin' : `/admin?section=${s}`);

export function AdminSidebar({ section }: { section: AdminSection }) {
  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <div className="flex h-10 items-center gap-2 px-2 group-data-[collapsible=icon]:px-0">
          <span className="bg-primary text-primary-foreground flex size-8 shrink-0 items-center justify-center rounded-lg">
            <ShieldCheck className="size-4" aria-hidden />
          </span>
          <span className="truncate font-semibold group-data-[collapsible=icon]:hidden">Admin</span>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Back office</SidebarGroupLabel>
          <SidebarGroupContent>
            <SidebarMenu aria-label="Admin sections">
              {ADMIN_SECTIONS.map((s) => {
                const { label, icon: Icon } = SECTION_INFO[s];
                return (
                  <SidebarMenuItem key={s}>
                    <SidebarMenuButton asChild isActive={s === section} tooltip={label}>
                      <Link to={sectionHref(s)} data-testid={`admin-nav-${s}`}>
                        <Icon aria-hidden />
                        <span>{label}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Back to Dashboard">
              <Link to="/dashboard">
                <ArrowLeft aria-hidden />
                <span>Back to Dashboard</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}

/** Below 768 px: the sections as a select (the sidebar is hidden there). */
export function AdminSectionSelect({
  section,
  onChange,
}: {
  section: AdminSection;
  onChange: (s: AdminSection) => void;
}) {
  return (
    <Select value={section} onValueChange={(v) => onChange(v as AdminSection)}>
      <SelectTrigger aria-label="Admin section" className="w-full" data-testid="admin-section-select">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ADMIN_SECTIONS.map((s) => {
          const { label, icon: Icon } = SECTION_INFO[s];
          return (
            <SelectItem key={s} value={s}>
              <Icon aria-hidden /> {label}
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
}
