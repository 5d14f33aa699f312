// An artifact's review status as a badge: Draft, In review, Changes requested, Approved.
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '@app/api/schemas';
import { Badge } from '@app/ui';

const VARIANT: Record<ReviewStatus, 'secondary' | 'outline' | 'warning' | 'success'> = {
  DRAFT: 'outline',
  IN_REVIEW: 'secondary',
  CHANGES_REQUESTED: 'warning',
  APPROVED: 'success',
};

export function StatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="review-status" data-status={status}>
      {REVIEW_STATUS_LABELS[status]}
    </Badge>
  );
}
