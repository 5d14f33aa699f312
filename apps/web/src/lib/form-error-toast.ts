// One form's error toast (issue 37 item 9): a new error replaces the form's previous one, and it goes when the
// user corrects the input or succeeds, so an error never sits beside the success toast that follows it
// (sign-up's 'Missing Information' beside 'Welcome aboard!', login's 'enter your email first' beside
// 'Password reset email sent!').
import { useMemo, useRef } from 'react';
import { toast } from '@app/ui';

export interface FormErrorToast {
  /** Shows an error toast in place of the form's previous one. */
  error: (...args: Parameters<typeof toast.error>) => string | number;
  /** Dismisses the form's error toast, if one is showing (call on input changes and on success). */
  dismiss: () => void;
}

export function useFormErrorToast(): FormErrorToast {
  const last = useRef<string | number | null>(null);
  return useMemo(() => {
    const dismiss = () => {
      if (last.current === null) return;
      toast.dismiss(last.current);
      last.current = null;
    };
    return {
      error: (...args) => {
        dismiss();
        last.current = toast.error(...args);
        return last.current;
      },
      dismiss,
    };
  }, []);
}
