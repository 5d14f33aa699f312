// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  Sidebar,
  SidebarContent,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from './sidebar';
import { TooltipProvider } from './tooltip';

function State() {
  const { state } = useSidebar();
  return <output data-testid="state">{state}</output>;
}

function App({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <TooltipProvider>
      <SidebarProvider defaultOpen={defaultOpen}>
        <Sidebar collapsible="icon">
          <SidebarContent>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton isActive tooltip="Chats">
                  Chats
                </SidebarMenuButton>
              </SidebarMenuItem>
            </SidebarMenu>
          </SidebarContent>
        </Sidebar>
        <SidebarTrigger />
        <State />
      </SidebarProvider>
    </TooltipProvider>
  );
}

function clearCookie() {
  document.cookie = 'sidebar:state=; path=/; max-age=0';
}

describe('SidebarProvider', () => {
  beforeEach(clearCookie);
  afterEach(() => {
    cleanup();
    clearCookie();
  });

  it('starts expanded by default and the trigger collapses it, storing the cookie', () => {
    render(<App />);
    expect(screen.getByTestId('state').textContent).toBe('expanded');
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger);
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    expect(document.cookie).toContain('sidebar:state=false');
    expect(document.querySelector('[data-slot=sidebar]')?.getAttribute('data-collapsible')).toBe('icon');
  });

  it('restores the state from the cookie', () => {
    document.cookie = 'sidebar:state=false; path=/';
    render(<App />);
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
  });

  it('toggles with Ctrl+B and Cmd+B', () => {
    render(<App />);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ctrlKey: true }));
    });
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', metaKey: true }));
    });
    expect(screen.getByTestId('state').textContent).toBe('expanded');
    expect(document.cookie).toContain('sidebar:state=true');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    });
    expect(screen.getByTestId('state').textContent).toBe('expanded');
  });

  it('marks the active menu button', () => {
    render(<App />);
    const button = screen.getByRole('button', { name: 'Chats' });
    expect(button.getAttribute('data-active')).toBe('true');
    expect(button.getAttribute('aria-current')).toBe('page');
  });
});
