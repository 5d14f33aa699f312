import { useEffect } from 'react';

/** Sets document.title for a public page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
