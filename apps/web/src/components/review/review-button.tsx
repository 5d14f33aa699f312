// The artifact card's entry to review (issue 39): shown to team members only, it opens the review panel
// (sharing, status, reviewers, comments, activity) under the card.
import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { Button } from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { useTeamNav } from '../team/use-team-nav';

export function useInTeam(): boolean {
  return useTeamNav(true) !== null;
}

/** Whether the artifact is in the caller's workspace library (the review panel's state, asked of team members only). */
export function useSharedInTeam(artifactId: string): boolean {
  const trpc = useTRPC();
  const inTeam = useInTeam();
  const state = useQuery({ ...trpc.review.state.queryOptions({ artifactId }), enabled: inTeam });
  return inTeam && !!state.data?.shared;
}

export function ReviewButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  if (!useInTeam()) return null;
  return (
    <Button variant="outline" size="sm" onClick={onToggle} aria-expanded={open} data-testid="review-toggle">
      <MessagesSquare /> Review
    </Button>
  );
}
