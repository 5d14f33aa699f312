// The read-aloud button of an assistant message and the one controller behind all of them (one message
// speaks at a time; leaving the screen stops it).
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Square, Volume2 } from 'lucide-react';
import { Button, cn, toast } from '@app/ui';
import { browserSpeechEnv, createReadAloud, type ReadAloudController } from './read-aloud';

const ReadAloudContext = createContext<ReadAloudController | null>(null);

export function ReadAloudProvider({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  const [controller] = useState(() => createReadAloud(browserSpeechEnv(), (m) => toast.error(m)));
  // Another session on screen, or the screen goes away: stop speaking.
  useEffect(() => () => controller.stop(), [controller, resetKey]);
  return <ReadAloudContext.Provider value={controller}>{children}</ReadAloudContext.Provider>;
}

export function ReadAloudButton({ id, text }: { id: string; text: string }) {
  const controller = useContext(ReadAloudContext);
  if (!controller) throw new Error('ReadAloudButton must be used within a ReadAloudProvider.');
  const speakingId = useSyncExternalStore(
    controller.subscribe,
    () => controller.speakingId,
    () => null,
  );
  const speaking = speakingId === id;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-7', speaking && 'text-primary')}
      onClick={() => controller.toggle(id, text)}
      aria-label={speaking ? 'Stop reading aloud' : 'Read aloud'}
      aria-pressed={speaking}
      title={speaking ? 'Stop reading aloud' : 'Read aloud'}
      data-testid="read-aloud"
    >
      {speaking ? <Square className="size-3 fill-current" /> : <Volume2 className="size-3.5" />}
    </Button>
  );
}
