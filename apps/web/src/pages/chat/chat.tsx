// The chat screen (/chat, /chat/{sessionId}): SPEC §2 Chat, §4 Chat send, §8 Chat. The conversation logic is
// useConversation with the chat's tRPC adapter, the layout ConversationShell; this page adds the chat's own
// parts: the offline badge, search, the welcome with prompt suggestions and ?action= canned first messages.
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Sparkles } from 'lucide-react';
import { Button } from '@app/ui';
import { OfflineBadge } from '../../components/conversation/offline-badge';
import { ConversationShell } from '../../components/conversation/conversation-shell';
import { useConversation } from '../../components/conversation/use-conversation';
import { SearchDialog } from '../../components/chat/search-dialog';
import { useChatAdapter } from '../../components/chat/chat-adapter';
import {
  ACTION_AUTOSEND_DELAY_MS,
  CANNED_ACTIONS,
  PROMPT_SUGGESTIONS,
} from '../../components/chat/chat-utils';

export default function ChatPage() {
  const { sessionId } = useParams<{ sessionId?: string }>();
  const [params, setParams] = useSearchParams();

  const chat = useConversation(useChatAdapter(), sessionId);
  const sendRef = useRef(chat.send);
  sendRef.current = chat.send;

  // ?action=… sends a canned first message after 500 ms.
  const action = params.get('action');
  const handledAction = useRef<string | null>(null);
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  useEffect(() => {
    if (!action || handledAction.current === action) return;
    const text = CANNED_ACTIONS[action];
    // Cleared when the page goes away (or the effect re-runs) within the delay; only a timer that fired
    // marks the action handled, so a re-run (e.g. React's dev double effects) schedules it again.
    const timer = setTimeout(() => {
      handledAction.current = action;
      setParamsRef.current(
        (p) => {
          p.delete('action');
          return p;
        },
        { replace: true },
      );
      if (text) void sendRef.current(text);
    }, ACTION_AUTOSEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [action]);

  return (
    <ConversationShell
      conversation={chat}
      headerActions={<OfflineBadge />}
      search={(p) => <SearchDialog {...p} onPick={chat.openSession} />}
      emptyState={
        <div className="flex flex-col items-center gap-6 py-10 text-center sm:py-16">
          <div className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
            <Sparkles className="size-6" />
          </div>
          <div>
            <h2 className="text-xl font-semibold">What would you like to create?</h2>
            <p className="text-muted-foreground mt-1 text-sm">
              Objectives, quizzes, scenarios, modality advice and learning plans — ask in your own words.
            </p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            {PROMPT_SUGGESTIONS.map((p) => (
              <Button
                key={p.label}
                variant="outline"
                size="sm"
                onClick={() => void chat.send(p.prompt)}
                disabled={chat.sending}
              >
                {p.label}
              </Button>
            ))}
          </div>
        </div>
      }
      composer={{
        placeholder: 'Ask about objectives, quizzes, scenarios, learning plans…',
        hint: 'Enter to send · Shift+Enter for a new line · AI answers can be wrong; review before use.',
      }}
    />
  );
}
