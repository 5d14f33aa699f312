import { BLOOM_LEVEL_LABELS, type BloomLevel } from '@app/api/schemas';
import { Badge, cn } from '@app/ui';
import { BLOOM_LEVEL_CLASSES } from './artifact-format';

export function BloomBadge({ level }: { level: BloomLevel }) {
  return (
    <Badge
      shape="pill"
      className={cn('border-transparent', BLOOM_LEVEL_CLASSES[level])}
      data-testid="bloom-badge"
      data-level={level}
    >
      <span className="sr-only">Bloom level: </span>
      {BLOOM_LEVEL_LABELS[level]}
    </Badge>
  );
}
