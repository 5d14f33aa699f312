// The artifact card's entry to review (issue 39): shown to team members only, it opens the review panel
// (sharing, status, reviewers, comments, activity) under the card.
import { MessagesSquare } from 'lucide-react';
import { Button } from '@app/ui';
import { useTeamNav } from '../team/use-team-nav';

export function useInTeam(): boolean {
  return useTeamNav(true) !== null;
}

export function ReviewButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  if (!useInTeam()) return null;
  return (
    <Button variant="outline" size="sm" onClick={onToggle} aria-expanded={open} data-testid="review-toggle">
      <MessagesSquare /> Review
    </Button>
  );
}
