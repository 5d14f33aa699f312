// The layout of a conversation screen around `useConversation`: session sidebar (a sheet on phones, toggled
// with Ctrl/Cmd+B on wider screens), header, message list that keeps the newest message in view, and the
// composer. Shortcuts: Ctrl/Cmd+/ search (when the screen has one), Ctrl/Cmd+N and Ctrl/Cmd+Shift+O new chat
// (browsers on Windows and Linux keep Ctrl+N for themselves). The screen supplies its texts and extras.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { Button, SidebarInset, SidebarProvider, SidebarTrigger, Spinner } from '@app/ui';
import { DEFAULT_CHAT_TITLE } from '@app/api/schemas';
import { ThemeToggle } from '../theme';
import { Composer, type ComposerHandle } from './composer';
import { MessageItem, type Feedback } from './message-item';
import { CHAT_SIDEBAR_LABELS, SessionSidebar, type SidebarLabels } from './session-sidebar';
import type { ConversationMessage, ConversationSession } from './types';
import type { Conversation } from './use-conversation';

export interface ConversationShellProps<S extends ConversationSession, M extends ConversationMessage, X> {
  conversation: Conversation<S, M, X>;
  /** The header's title while no session (or an unknown one) is shown. */
  untitled?: string;
  sidebarLabels?: SidebarLabels;
  /** In the header between the title and the search button, e.g. a status badge. */
  headerActions?: ReactNode;
  /** The search overlay; with it come the search buttons and Ctrl/Cmd+/. */
  search?: (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
  /** Shown while the chat has no messages. */
  emptyState?: ReactNode;
  composer?: {
    placeholder?: string;
    /** The line under the box. */
    hint?: ReactNode;
    /** Inside the box before the text (e.g. an upload button). */
    addon?: ReactNode;
    /** Above the box (e.g. attached-file chips). */
    above?: ReactNode;
    /** Replaces the plain send of the typed text (e.g. to add file ids). */
    onSend?: (text: string) => void;
    /** Holds the send back (e.g. while attached files upload); typing stays possible. */
    sendDisabled?: boolean;
  };
  /** More buttons on finished assistant messages (e.g. read aloud). */
  messageActions?: (message: M) => ReactNode;
  /** Under a message's text (e.g. its attached files, or the files an answer used). */
  messageExtra?: (message: M) => ReactNode;
  /** A finished answer whose text is shown another way (e.g. an artifact card) keeps it behind "Show as text". */
  messageTextCollapsed?: (message: M) => boolean;
}

export function ConversationShell<S extends ConversationSession, M extends ConversationMessage, X>({
  conversation: c,
  untitled = DEFAULT_CHAT_TITLE,
  sidebarLabels = CHAT_SIDEBAR_LABELS,
  headerActions,
  search,
  emptyState,
  composer = {},
  messageActions,
  messageExtra,
  messageTextCollapsed,
}: ConversationShellProps<S, M, X>) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [feedback, setFeedback] = useState<Record<string, Feedback>>({});
  const inputRef = useRef<ComposerHandle>(null);

  // The cursor starts in the message box (on devices with a fine pointer: a phone would pop its keyboard up
  // over the conversation on every visit).
  useEffect(() => {
    if (window.matchMedia?.('(pointer: fine)').matches) inputRef.current?.focus();
  }, [c.sessionId]);

  // A new chat puts the cursor in the message box once it is shown.
  useEffect(() => {
    if (!c.focusRequest) return;
    const t = setTimeout(() => inputRef.current?.focus(), 50);
    return () => clearTimeout(t);
  }, [c.focusRequest]);

  const newChatRef = useRef(c.newChat);
  newChatRef.current = c.newChat;
  const hasSearch = !!search;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (e.key === '/') {
        if (!hasSearch) return;
        e.preventDefault();
        setSearchOpen(true);
      } else if ((key === 'n' && !e.shiftKey) || (key === 'o' && e.shiftKey)) {
        e.preventDefault();
        void newChatRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hasSearch]);

  // Keep the newest message in view while the user is at the bottom.
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [c.messages]);
  useEffect(() => {
    stick.current = true;
  }, [c.sessionId, c.sending]);

  const empty = !c.loadingMessages && c.messages.length === 0;
  // Regenerate on the last answer, Edit on the last user message (stored ones: server ids).
  const lastUser = c.messages.findLastIndex((m) => m.role === 'user' && !m.id.startsWith('local-'));
  const lastAnswer = lastUser >= 0 && c.messages.at(-1)?.role === 'assistant' ? c.messages.length - 1 : -1;
  const sendTyped = () => {
    if (composer.onSend) composer.onSend(c.input);
    else void c.send(c.input);
    // Clicking Send moved the focus to the button: the next message is typed in the box again.
    inputRef.current?.focus();
  };

  return (
    <SidebarProvider className="h-svh min-h-0 overflow-hidden">
      <a
        href="#composer"
        onClick={(e) => {
          e.preventDefault();
          inputRef.current?.focus();
        }}
        className="bg-background focus:ring-ring sr-only z-50 rounded-md px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2"
      >
        Skip to message box
      </a>
      <SessionSidebar
        sessions={c.sessions}
        loading={c.sessionsLoading}
        currentId={c.sessionId}
        onSelect={c.openSession}
        onNew={() => void c.newChat()}
        onSearch={search ? () => setSearchOpen(true) : undefined}
        onRename={c.renameSession}
        onDelete={(id) => void c.deleteSession(id)}
        labels={sidebarLabels}
      />
      <SidebarInset className="flex h-svh min-h-0 flex-col">
        <header className="bg-background/95 flex h-14 shrink-0 items-center gap-2 border-b px-3">
          <SidebarTrigger />
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold" data-testid="chat-title">
            {c.current?.title ?? untitled}
          </h1>
          {headerActions}
          {search && (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => setSearchOpen(true)}
              aria-label={sidebarLabels.search}
            >
              <Search />
            </Button>
          )}
          <ThemeToggle />
        </header>

        <div
          ref={scroller}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
          className="min-h-0 flex-1 overflow-y-auto"
          aria-live="polite"
          aria-busy={c.sendingHere}
        >
          <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
            {c.loadingMessages && (
              <div className="flex justify-center py-10">
                <Spinner />
              </div>
            )}
            {empty && emptyState}
            {c.messages.map((m, i) => (
              <MessageItem
                key={m.id}
                message={m}
                feedback={feedback[m.id]}
                onFeedback={(id, f) => setFeedback((all) => ({ ...all, [id]: f }))}
                actions={messageActions?.(m)}
                extra={messageExtra?.(m)}
                textCollapsed={messageTextCollapsed?.(m)}
                onRegenerate={c.canReplace && i === lastAnswer ? c.regenerate : undefined}
                onEdit={c.canReplace && i === lastUser ? c.editLast : undefined}
              />
            ))}
          </div>
        </div>

        <div className="shrink-0 px-4 pt-2 pb-4">
          <div className="mx-auto max-w-3xl">
            {composer.above}
            <Composer
              ref={inputRef}
              value={c.input}
              onChange={c.setInput}
              onSend={sendTyped}
              onStop={c.stop}
              sending={c.sendingHere}
              busy={c.busy}
              sendDisabled={composer.sendDisabled}
              placeholder={composer.placeholder}
              addon={composer.addon}
              id="composer"
            />
            {composer.hint && (
              <p className="text-muted-foreground mt-2 text-center text-xs">{composer.hint}</p>
            )}
          </div>
        </div>
      </SidebarInset>
      {search?.({ open: searchOpen, onOpenChange: setSearchOpen })}
    </SidebarProvider>
  );
}
