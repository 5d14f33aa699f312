// Toasts: `toast` is sonner's, re-exported; <Toaster/> follows the app theme (the `dark` class on <html>).
import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

function useHtmlDark(): boolean {
  const [dark, setDark] = React.useState(
    () => typeof document !== 'undefined' && document.documentElement.classList.contains('dark'),
  );
  React.useEffect(() => {
    const el = document.documentElement;
    const obs = new MutationObserver(() => setDark(el.classList.contains('dark')));
    obs.observe(el, { attributes: true, attributeFilter: ['class'] });
    return () => obs.disconnect();
  }, []);
  return dark;
}

export function Toaster({ theme, ...props }: ToasterProps) {
  const dark = useHtmlDark();
  return (
    <Sonner
      theme={theme ?? (dark ? 'dark' : 'light')}
      className="toaster group"
      closeButton
      richColors
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          // sonner's light rich colours fall just short of 4.5:1; darker text keeps toasts AA.
          ...(dark
            ? {}
            : {
                '--success-text': 'hsl(140, 100%, 22%)',
                '--error-text': 'hsl(360, 90%, 36%)',
                '--warning-text': 'hsl(31, 92%, 30%)',
                '--info-text': 'hsl(210, 92%, 35%)',
              }),
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { toast } from 'sonner';
