// Toasts: `toast` is sonner's, re-exported; <Toaster/> follows the app theme (the `dark` class on <html>).
// Placement keeps them off the header's buttons: bottom-right on desktop; on phones (sonner's own 600 px
// breakpoint) at the top, full width, just below the 56 px header — and clipped there, since sonner slides a
// top toast in from (and out to) above its container, over the header.
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

/** Where toasts start on phones: 8 px below the 56 px header. */
const MOBILE_TOP = 64;
/**
 * Nothing of a toast is drawn above this line (the container's top less the close button's 8 px overhang,
 * i.e. the header's bottom). Sides and bottom are left open (swipes, the stack below).
 */
const MOBILE_CLIP = 'polygon(-100vw -8px, 200vw -8px, 200vw 200vh, -100vw 200vh)';

/** Sonner lays toasts out full width below this width (its `mobile` breakpoint). */
const MOBILE_QUERY = '(max-width: 600px)';

function useMobile(): boolean {
  const [mobile, setMobile] = React.useState(
    () => typeof window !== 'undefined' && !!window.matchMedia?.(MOBILE_QUERY).matches,
  );
  React.useEffect(() => {
    const mq = window.matchMedia?.(MOBILE_QUERY);
    if (!mq) return;
    const on = () => setMobile(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return mobile;
}

export function Toaster({ theme, ...props }: ToasterProps) {
  const dark = useHtmlDark();
  const mobile = useMobile();
  return (
    <Sonner
      theme={theme ?? (dark ? 'dark' : 'light')}
      position={mobile ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: MOBILE_TOP, left: 8, right: 8 }}
      className="toaster group"
      closeButton
      richColors
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          ...(mobile ? { clipPath: MOBILE_CLIP } : {}),
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
