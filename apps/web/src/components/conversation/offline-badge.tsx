// 'Offline mode' in the chat and assistant headers: shown while answers come from the built-in offline provider.
import { useQuery } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { Badge, cn, Tooltip, TooltipContent, TooltipTrigger } from '@app/ui';
import { useTRPC } from '../../lib/trpc';

/** `labelFrom`: the width from which the text shows beside the icon (the assistant's header is busier). */
export function OfflineBadge({ labelFrom = 'sm' }: { labelFrom?: 'sm' | 'lg' }) {
  const trpc = useTRPC();
  const config = useQuery(trpc.system.publicConfig.queryOptions());
  if (config.data?.llmMode !== 'offline') return null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="warning" className="cursor-default" data-testid="offline-badge">
          <WifiOff />{' '}
          <span className={cn('sr-only', labelFrom === 'lg' ? 'lg:not-sr-only' : 'sm:not-sr-only')}>
            Offline mode
          </span>
        </Badge>
      </TooltipTrigger>
      <TooltipContent>
        Answers come from the built-in offline assistant (no AI provider configured).
      </TooltipContent>
    </Tooltip>
  );
}
