// A link to a section of the landing page (/#features, /#pricing) that scrolls there, from any page.
import type { ReactNode } from 'react';
import { useSectionNav, type SectionId } from './use-section-nav';

export function SectionLink({
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
