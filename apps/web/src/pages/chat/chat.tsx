// The chat screen (/chat, /chat/{sessionId}): SPEC §2 Chat, §4 Chat send, §8 Chat. Full-screen with its
// own session sidebar; answers stream through the chat.sendStream tRPC subscription (SSE).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Search, Sparkles, WifiOff } from 'lucide-react';
import {
  Badge,
  Button,
  SidebarInset,
  SidebarProvider,
  SidebarTrigger,
  Spinner,
  toast,
  Tooltip,
  TooltipContent,
  TooltipTrigger,
} from '@app/ui';
import { needsAutoTitle, titleFromMessage } from '@app/api/schemas';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { ThemeToggle } from '../../components/theme';
import { ChatInput, type ChatInputHandle } from '../../components/chat/chat-input';
import { MessageItem, type Feedback } from '../../components/chat/message-item';
import { SearchDialog } from '../../components/chat/search-dialog';
import { SessionSidebar } from '../../components/chat/session-sidebar';
import {
  ACTION_AUTOSEND_DELAY_MS,
  CANNED_ACTIONS,
  mergeSessions,
  neighbourOf,
  PROMPT_SUGGESTIONS,
  sendErrorToast,
  SEND_FAILED_MESSAGE,
  SESSION_REFETCH_MS,
  STREAM_THROTTLE_MS,
  UPGRADE_PATH,
  withLiveExchange,
  type ChatSessionItem,
  type ChatUiMessage,
  type LiveExchange,
} from '../../components/chat/chat-utils';
import '../../components/chat/chat.css';

interface ActiveStream {
  sessionId: string;
  /** Stops the reply and undoes the exchange; `restoreInput: false` when its chat is being deleted. */
  cancel(o?: { restoreInput?: boolean }): void;
}

const retryHint = { description: 'Please try again.' };

export default function ChatPage() {
  const { sessionId } = useParams<{ sessionId?: string }>();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const client = useTRPCClient();

  const config = useQuery(trpc.system.publicConfig.queryOptions());
  const offline = config.data?.llmMode === 'offline';

  // Sessions: refetched every 10 s and merged (a local title wins unless the server has more messages).
  const [sessions, setSessions] = useState<ChatSessionItem[]>([]);
  const sessionsQuery = useQuery({
    ...trpc.chat.listSessions.queryOptions(),
    refetchInterval: SESSION_REFETCH_MS,
  });
  useEffect(() => {
    if (sessionsQuery.data) setSessions((prev) => mergeSessions(prev, sessionsQuery.data.sessions));
  }, [sessionsQuery.data]);
  useEffect(() => {
    if (sessionsQuery.isError)
      toast.error('Failed to load chats', { description: 'Please refresh the page to try again.' });
  }, [sessionsQuery.isError]);
  const upsertSession = useCallback((s: ChatSessionItem) => {
    setSessions((list) =>
      list.some((x) => x.id === s.id) ? list.map((x) => (x.id === s.id ? s : x)) : [s, ...list],
    );
  }, []);

  // Messages of the current session.
  const [messages, setMessages] = useState<ChatUiMessage[]>([]);
  const [loadingMessages, setLoadingMessages] = useState(false);
  const [feedback, setFeedback] = useState<Record<string, Feedback>>({});
  const currentId = useRef(sessionId);
  currentId.current = sessionId;
  const justCreated = useRef<string | null>(null);
  // The session whose messages are on screen; set when a session is opened or a first send creates one
  // (not on every render: a render can still see the old URL while a navigation is pending).
  const displayed = useRef<string | undefined>(sessionId);
  // This tab's latest exchange, kept whichever chat is shown: opening its chat again (while the answer
  // streams, or before a reload has the final answer) shows it on top of the server's messages.
  const live = useRef<LiveExchange | null>(null);

  useEffect(() => {
    displayed.current = sessionId;
    if (!sessionId) {
      setMessages([]);
      return;
    }
    if (justCreated.current === sessionId) {
      justCreated.current = null;
      return;
    }
    let cancelled = false;
    let watching: { unsubscribe(): void } | undefined;
    setLoadingMessages(true);
    setMessages([]);
    const load = () =>
      client.chat.getSession.query({ sessionId }).then((r) => {
        if (cancelled) return r;
        setMessages(withLiveExchange(r.messages, live.current, sessionId));
        setSessions((list) =>
          mergeSessions(
            list,
            list.map((s) => (s.id === r.session.id ? r.session : s)),
          ),
        );
        return r;
      });
    load()
      .then((r) => {
        // A reply is being generated in another tab (or on another instance): follow it, then reload.
        if (cancelled || !r.generating || active.current?.sessionId === sessionId) return;
        const placeholder = `watch-${Date.now()}`;
        setMessages((m) => [
          ...m,
          { id: placeholder, role: 'assistant', content: '', createdAt: new Date(), streaming: true },
        ]);
        watching = client.chat.watch.subscribe(
          { sessionId },
          {
            onData(ev) {
              if (cancelled) return;
              if (ev.type === 'progress')
                setMessages((m) => m.map((x) => (x.id === placeholder ? { ...x, content: ev.text } : x)));
              else {
                watching?.unsubscribe();
                void load().catch(() => undefined);
              }
            },
            onError() {
              if (!cancelled) void load().catch(() => undefined);
            },
          },
        );
      })
      .catch(() => {
        if (cancelled) return;
        toast.error('Failed to load chat session', retryHint);
        navigate('/chat', { replace: true });
      })
      .finally(() => !cancelled && setLoadingMessages(false));
    return () => {
      cancelled = true;
      watching?.unsubscribe();
    };
  }, [sessionId, client, navigate]);

  // Sending: one at a time.
  const [input, setInput] = useState('');
  const [streamingIn, setStreamingIn] = useState<string | null>(null);
  const active = useRef<ActiveStream | null>(null);
  const inputRef = useRef<ChatInputHandle>(null);
  const forSession = (sid: string, fn: (m: ChatUiMessage[]) => ChatUiMessage[]) => {
    if (displayed.current === sid) setMessages(fn);
  };
  /** Updates one message of the exchange, on screen if its chat is shown and in `live` in any case. */
  const updateMessage = (sid: string, id: string, next: ChatUiMessage) => {
    const l = live.current;
    if (l?.sessionId === sid) {
      if (l.user.id === id) live.current = { ...l, user: next };
      else if (l.assistant.id === id) live.current = { ...l, assistant: next };
    }
    // A reload may already show the server's copy of `next`: then the local one just goes.
    forSession(sid, (m) =>
      next.id !== id && m.some((x) => x.id === next.id)
        ? m.filter((x) => x.id !== id)
        : m.map((x) => (x.id === id ? next : x)),
    );
  };

  const startSend = (sid: string, text: string) => {
    const content = text.trim();
    if (!content || active.current) return;
    const n = Date.now();
    const userTmp = `local-user-${n}`;
    const assistantTmp = `local-assistant-${n}`;
    const placeholder: ChatUiMessage = {
      id: assistantTmp,
      role: 'assistant',
      content: '',
      createdAt: new Date(),
      streaming: true,
    };
    const userLocal: ChatUiMessage = { id: userTmp, role: 'user', content, createdAt: new Date() };
    live.current = { sessionId: sid, user: userLocal, assistant: placeholder };
    setMessages((m) => [...m, userLocal, placeholder]);
    setInput('');
    // The snapshot comes from the latest list (a first send from /chat has just added its new session,
    // which `sessions` of this render does not have yet), so a failure can restore 'New Chat'.
    let before: Pick<ChatSessionItem, 'title' | 'messageCount' | 'updatedAt'> | undefined;
    setSessions((list) =>
      list.map((s) => {
        if (s.id !== sid) return s;
        before ??= { title: s.title, messageCount: s.messageCount, updatedAt: s.updatedAt };
        return {
          ...s,
          title: needsAutoTitle(s.title) ? titleFromMessage(content) : s.title,
          messageCount: s.messageCount + 1,
          updatedAt: new Date(),
        };
      }),
    );
    setStreamingIn(sid);

    let buffer = '';
    let lastFlush = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    let userId = userTmp;
    const subscription: { current?: { unsubscribe(): void } } = {};
    const flush = () => {
      timer = undefined;
      lastFlush = Date.now();
      updateMessage(sid, assistantTmp, { ...placeholder, content: buffer });
    };
    const finish = () => {
      finished = true;
      clearTimeout(timer);
      subscription.current?.unsubscribe();
      active.current = null;
      setStreamingIn(null);
    };
    const undo = () => {
      if (live.current?.assistant.id === assistantTmp) live.current = null;
      forSession(sid, (m) => m.filter((x) => x.id !== userId && x.id !== assistantTmp));
      const prev = before;
      if (prev) setSessions((list) => list.map((s) => (s.id === sid ? { ...s, ...prev } : s)));
    };
    // What was typed goes back into the box (unless the user already typed something new there), when
    // its chat is on screen: in another chat it could be sent to the wrong conversation.
    const restoreInput = () => {
      if (displayed.current === sid) setInput((v) => v || content);
    };
    const fail = (err: unknown) => {
      if (finished) return;
      finish();
      undo();
      restoreInput();
      const { message, upgrade } = sendErrorToast(err);
      toast.error(
        message,
        upgrade
          ? { duration: 10_000, action: { label: 'Upgrade', onClick: () => navigate(UPGRADE_PATH) } }
          : undefined,
      );
    };

    active.current = {
      sessionId: sid,
      cancel({ restoreInput: restore = true } = {}) {
        if (finished) return;
        finish();
        undo();
        client.chat.stop.mutate({ sessionId: sid }).catch(() => undefined);
        if (restore) restoreInput();
      },
    };
    const sub = client.chat.sendStream.subscribe(
      { sessionId: sid, message: content },
      {
        onData(ev) {
          if (finished) return;
          if (ev.type === 'start') {
            userId = ev.userMessage.id;
            updateMessage(sid, userTmp, ev.userMessage);
            upsertSession(ev.session);
          } else if (ev.type === 'content') {
            buffer += ev.content;
            if (!timer) timer = setTimeout(flush, Math.max(0, STREAM_THROTTLE_MS - (Date.now() - lastFlush)));
          } else if (ev.type === 'complete') {
            finish();
            updateMessage(sid, assistantTmp, ev.message);
            upsertSession(ev.session);
          }
        },
        onError: fail,
        onComplete() {
          if (!finished) fail(new Error(SEND_FAILED_MESSAGE));
        },
        onConnectionStateChange(state) {
          // A dropped connection is a failed send: never let the link re-send the message.
          if (state.state === 'connecting' && state.error) fail(state.error);
        },
      },
    );
    subscription.current = sub;
    if (finished) sub.unsubscribe();
  };

  const createSession = async (): Promise<ChatSessionItem | null> => {
    try {
      const { session } = await client.chat.createSession.mutate({});
      upsertSession(session);
      return session;
    } catch {
      toast.error('Failed to create new chat', retryHint);
      return null;
    }
  };

  const newChat = async () => {
    const s = await createSession();
    if (!s) return;
    justCreated.current = s.id;
    setMessages([]);
    focusInput.current = true;
    navigate(`/chat/${s.id}`);
  };

  const send = async (text: string) => {
    if (active.current || !text.trim()) return;
    let sid = currentId.current;
    if (!sid) {
      const s = await createSession();
      if (!s) return;
      sid = s.id;
      justCreated.current = sid;
      setMessages([]);
      displayed.current = sid;
      navigate(`/chat/${sid}`);
      currentId.current = sid;
    }
    startSend(sid, text);
  };
  // A new chat puts the cursor in the message box once it is shown.
  const focusInput = useRef(false);
  useEffect(() => {
    if (!focusInput.current) return;
    focusInput.current = false;
    const t = setTimeout(() => inputRef.current?.focus(), 50);
    return () => clearTimeout(t);
  }, [sessionId]);
  const sendRef = useRef(send);
  sendRef.current = send;
  const newChatRef = useRef(newChat);
  newChatRef.current = newChat;

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

  // Shortcuts: Ctrl/Cmd+/ search, Ctrl/Cmd+N new chat. Most browsers keep Ctrl+N (new window) for themselves on
  // Windows and Linux, so Ctrl/Cmd+Shift+O also starts a new chat (the shortcut other chat apps use).
  const [searchOpen, setSearchOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (e.key === '/') {
        e.preventDefault();
        setSearchOpen(true);
      } else if ((key === 'n' && !e.shiftKey) || (key === 'o' && e.shiftKey)) {
        e.preventDefault();
        void newChatRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const renameSession = async (id: string, title: string) => {
    try {
      const { session } = await client.chat.renameSession.mutate({ sessionId: id, title });
      setSessions((list) => list.map((s) => (s.id === id ? { ...s, title: session.title } : s)));
      return true;
    } catch {
      toast.error('Failed to update session title', retryHint);
      return false;
    }
  };

  const deleteSession = async (id: string) => {
    const neighbour = neighbourOf(sessions, id);
    // Our own reply in that chat ends first: the delete cancels it on the server, and its
    // 'Generation cancelled' error must not surface as a toast.
    if (active.current?.sessionId === id) active.current.cancel({ restoreInput: false });
    try {
      await client.chat.deleteSession.mutate({ sessionId: id });
    } catch {
      toast.error('Failed to delete chat', retryHint);
      return;
    }
    setSessions((list) => list.filter((s) => s.id !== id));
    if (id === currentId.current) {
      if (neighbour) navigate(`/chat/${neighbour.id}`);
      else await newChat();
    }
  };

  // Keep the newest message in view while the user is at the bottom.
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);
  useEffect(() => {
    stick.current = true;
  }, [sessionId, streamingIn]);

  const current = sessions.find((s) => s.id === sessionId);
  const sending = streamingIn !== null;
  const sendingHere = sending && streamingIn === sessionId;
  const empty = !loadingMessages && messages.length === 0;

  return (
    <SidebarProvider className="h-svh min-h-0 overflow-hidden">
      <SessionSidebar
        sessions={sessions}
        loading={sessionsQuery.isLoading}
        currentId={sessionId}
        onSelect={(id) => navigate(`/chat/${id}`)}
        onNew={() => void newChat()}
        onSearch={() => setSearchOpen(true)}
        onRename={renameSession}
        onDelete={(id) => void deleteSession(id)}
      />
      <SidebarInset className="flex h-svh min-h-0 flex-col">
        <header className="bg-background/95 flex h-14 shrink-0 items-center gap-2 border-b px-3">
          <SidebarTrigger />
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold" data-testid="chat-title">
            {current?.title ?? 'New Chat'}
          </h1>
          {offline && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Badge variant="warning" className="cursor-default" data-testid="offline-badge">
                  <WifiOff /> <span className="sr-only sm:not-sr-only">Offline mode</span>
                </Badge>
              </TooltipTrigger>
              <TooltipContent>
                Answers come from the built-in offline assistant (no AI provider configured).
              </TooltipContent>
            </Tooltip>
          )}
          <Button variant="ghost" size="icon" onClick={() => setSearchOpen(true)} aria-label="Search chats">
            <Search />
          </Button>
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
          aria-busy={sendingHere}
        >
          <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
            {loadingMessages && (
              <div className="flex justify-center py-10">
                <Spinner />
              </div>
            )}
            {empty && (
              <div className="flex flex-col items-center gap-6 py-10 text-center sm:py-16">
                <div className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
                  <Sparkles className="size-6" />
                </div>
                <div>
                  <h2 className="text-xl font-semibold">What would you like to create?</h2>
                  <p className="text-muted-foreground mt-1 text-sm">
                    Objectives, quizzes, scenarios, modality advice and learning plans — ask in your own
                    words.
                  </p>
                </div>
                <div className="flex flex-wrap justify-center gap-2">
                  {PROMPT_SUGGESTIONS.map((p) => (
                    <Button
                      key={p.label}
                      variant="outline"
                      size="sm"
                      onClick={() => void send(p.prompt)}
                      disabled={sending}
                    >
                      {p.label}
                    </Button>
                  ))}
                </div>
              </div>
            )}
            {messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                feedback={feedback[m.id]}
                onFeedback={(id, f) => setFeedback((all) => ({ ...all, [id]: f }))}
              />
            ))}
          </div>
        </div>

        <div className="shrink-0 px-4 pt-2 pb-4">
          <div className="mx-auto max-w-3xl">
            <ChatInput
              ref={inputRef}
              value={input}
              onChange={setInput}
              onSend={() => void send(input)}
              // Stop only ever cancels the reply of the chat on screen.
              onStop={() => {
                const a = active.current;
                if (a && a.sessionId === sessionId) a.cancel();
              }}
              sending={sendingHere}
              busy={sending && !sendingHere}
            />
            <p className="text-muted-foreground mt-2 text-center text-xs">
              Enter to send · Shift+Enter for a new line · AI answers can be wrong; review before use.
            </p>
          </div>
        </div>
      </SidebarInset>
      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} onPick={(id) => navigate(`/chat/${id}`)} />
    </SidebarProvider>
  );
}
