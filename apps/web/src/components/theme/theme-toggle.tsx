// The theme switch: a labelled button that opens the Light / Dark / System menu. The menu (Radix DropdownMenu
// with its popper) is loaded on first hover, focus or click, keeping it out of the first-load bundle.
import { lazy, Suspense, useState } from 'react';
import { Moon, Sun } from 'lucide-react';
import { Button } from '@app/ui';
import { useTheme } from './theme-provider';

const loadMenu = () => import('./theme-menu');
const ThemeMenu = lazy(loadMenu);

export function ThemeToggle({ className }: { className?: string }) {
  const { resolvedTheme } = useTheme();
  const [opened, setOpened] = useState(false);
  const trigger = (onClick?: () => void) => (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label="Theme"
      title="Theme"
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={onClick}
    >
      {resolvedTheme === 'dark' ? <Moon aria-hidden /> : <Sun aria-hidden />}
    </Button>
  );
  if (!opened) return trigger(() => setOpened(true));
  return (
    <Suspense fallback={trigger()}>
      <ThemeMenu className={className} defaultOpen />
    </Suspense>
  );
}
