// @vitest-environment happy-dom
// useConversation against a fake adapter: the adapter interface is all the hook needs (the assistant adds
// a second one), the send runs through its phases, Stop and a failure undo the exchange.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  ConversationAdapter,
  ConversationMessage,
  ConversationSendEvent,
  ConversationSession,
  ConversationWatchEvent,
  StreamHandlers,
} from './types';
import { useConversation } from './use-conversation';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@app/ui', () => ({ toast: { error: toastError } }));

type S = ConversationSession;
type M = ConversationMessage;
const T0 = new Date(2026, 0, 1);
const session = (id: string, title = 'New Chat', messageCount = 0): S => ({
  id,
  title,
  createdAt: new Date(),
  updatedAt: T0,
  messageCount,
});

function fakeAdapter() {
  const sends: {
    input: { sessionId: string; message: string; extra: { fileIds: string[] } | undefined };
    h: StreamHandlers<ConversationSendEvent<S, M>>;
    unsubscribe: ReturnType<typeof vi.fn>;
  }[] = [];
  const adapter = {
    key: 'fake',
    basePath: '/things',
    texts: {
      loadSessionsFailed: 'Failed to load sessions',
      loadSessionFailed: 'Failed to load session messages',
      createFailed: 'Failed to create new session',
      renameFailed: 'Failed to rename',
      deleteFailed: 'Failed to delete',
    },
    listSessions: vi.fn(async () => [session('old', 'Old one', 2)]),
    createSession: vi.fn(async () => session('new1')),
    renameSession: vi.fn(async (id: string, title: string) => session(id, title)),
    deleteSession: vi.fn(async () => undefined),
    getMessages: vi.fn(async (id: string): Promise<{ session: S; messages: M[]; generating?: boolean }> => ({
      session: session(id),
      messages: [],
    })),
    send: vi.fn((input, h) => {
      // Like tRPC's client, unsubscribing completes the stream synchronously.
      const unsubscribe = vi.fn(() => h.onComplete());
      sends.push({ input, h, unsubscribe });
      return { unsubscribe };
    }),
    stop: vi.fn(async () => undefined),
    draftMessage: (m: M) => m,
    autoTitle: (s: S, message: string) => (s.title === 'New Chat' ? message.slice(0, 10) : undefined),
    sendError: (err: unknown) => ({
      message: (err as Error | undefined)?.message || 'Failed to send message',
      action: { label: 'Upgrade', to: '/dashboard' },
    }),
  } satisfies ConversationAdapter<S, M, { fileIds: string[] }>;
  return { adapter, sends };
}

function setup(path = '/things', configure?: (a: ReturnType<typeof fakeAdapter>['adapter']) => void) {
  const { adapter, sends } = fakeAdapter();
  configure?.(adapter);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/things" element={children} />
          <Route path="/things/:sessionId" element={children} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const { sessionId } = useParams<{ sessionId?: string }>();
      return useConversation<S, M, { fileIds: string[] }>(adapter, sessionId);
    },
    { wrapper },
  );
  return { adapter, sends, ...hook };
}

afterEach(() => {
  cleanup();
  toastError.mockReset();
});

describe('useConversation', () => {
  it('a first send creates the session, opens it and streams the answer through the phases', async () => {
    const { adapter, sends, result } = setup();
    await waitFor(() => expect(result.current.sessions).toHaveLength(1));
    expect(result.current.phase).toBe('idle');

    act(() => result.current.setInput('Hello there, assistant'));
    await act(() => result.current.send(result.current.input, { fileIds: ['f1'] }));
    expect(adapter.createSession).toHaveBeenCalledTimes(1);
    expect(result.current.sessionId).toBe('new1');
    expect(adapter.getMessages).not.toHaveBeenCalled(); // just created: nothing to load
    expect(sends).toHaveLength(1);
    expect(sends[0]!.input).toEqual({
      sessionId: 'new1',
      message: 'Hello there, assistant',
      extra: { fileIds: ['f1'] },
    });
    expect(result.current).toMatchObject({
      phase: 'sending',
      sending: true,
      sendingHere: true,
      busy: false,
      input: '',
    });
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.current.current?.title).toBe('Hello ther');

    // One send at a time: a second one is refused.
    await act(() => result.current.send('again'));
    expect(sends).toHaveLength(1);

    const h = sends[0]!.h;
    const userMessage: M = { id: 'u1', role: 'user', content: 'Hello there, assistant', createdAt: T0 };
    act(() => h.onEvent({ type: 'start', userMessage, session: session('new1', 'Hello there', 0) }));
    expect(result.current.phase).toBe('streaming');
    act(() => {
      h.onEvent({ type: 'content', content: 'Hi, ' });
      h.onEvent({ type: 'content', content: 'how can I help?' });
    });
    // Streamed text is flushed at most every 100 ms.
    await waitFor(() => expect(result.current.messages.at(-1)?.content).toBe('Hi, how can I help?'));
    const answer: M = { id: 'a1', role: 'assistant', content: 'Hi, how can I help?', createdAt: T0 };
    act(() => h.onEvent({ type: 'complete', message: answer, session: session('new1', 'Hello there', 2) }));
    expect(result.current.phase).toBe('done');
    expect(result.current.messages).toEqual([userMessage, answer]);
    expect(sends[0]!.unsubscribe).toHaveBeenCalled();
    // The stream's own end after 'complete' is no failure.
    act(() => h.onComplete());
    expect(toastError).not.toHaveBeenCalled();
  });

  it('Stop cancels on the server, undoes the exchange and gives the text back', async () => {
    const { adapter, sends, result } = setup('/things/old');
    await waitFor(() => expect(result.current.current?.id).toBe('old'));
    await act(() => result.current.send('Create a learning plan'));
    act(() => result.current.stop());
    expect(result.current.phase).toBe('stopped');
    expect(adapter.stop).toHaveBeenCalledWith('old');
    expect(sends[0]!.unsubscribe).toHaveBeenCalled();
    expect(result.current.messages).toEqual([]);
    expect(result.current.input).toBe('Create a learning plan');
    // A late error of the cancelled stream shows nothing.
    act(() => sends[0]!.h.onError(new Error('Generation cancelled')));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a failure undoes the exchange and shows the adapter toast with its action', async () => {
    const { sends, result } = setup('/things/old');
    await waitFor(() => expect(result.current.current?.id).toBe('old'));
    await act(() => result.current.send('hello'));
    act(() => sends[0]!.h.onError(new Error('Your free trial has expired.')));
    expect(result.current.phase).toBe('failed');
    expect(result.current.messages).toEqual([]);
    expect(result.current.input).toBe('hello');
    expect(result.current.current?.title).toBe('Old one');
    expect(toastError).toHaveBeenCalledWith(
      'Your free trial has expired.',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Upgrade' }) }),
    );
  });

  it('a stream that ends without an answer is a failed send', async () => {
    const { sends, result } = setup('/things/old');
    await waitFor(() => expect(result.current.current?.id).toBe('old'));
    await act(() => result.current.send('hello'));
    act(() => sends[0]!.h.onComplete());
    expect(result.current.phase).toBe('failed');
    expect(toastError).toHaveBeenCalledWith('Failed to send message', expect.anything());
  });

  it('while a reply streams, other chats are busy and have no Stop', async () => {
    const { adapter, sends, result } = setup('/things/old');
    await waitFor(() => expect(result.current.current?.id).toBe('old'));
    await act(() => result.current.send('long answer please'));
    await act(() => result.current.newChat());
    expect(result.current.sessionId).toBe('new1');
    expect(result.current).toMatchObject({ sending: true, sendingHere: false, busy: true, messages: [] });
    act(() => result.current.stop());
    expect(adapter.stop).not.toHaveBeenCalled();
    expect(sends[0]!.unsubscribe).not.toHaveBeenCalled();
    expect(result.current.focusRequest).toBe(1);
  });

  it('deleting the streaming chat cancels its reply silently and opens the neighbour', async () => {
    const { adapter, sends, result } = setup('/things/old');
    await waitFor(() => expect(result.current.current?.id).toBe('old'));
    await act(() => result.current.send('hello'));
    await act(() => result.current.deleteSession('old'));
    expect(adapter.stop).toHaveBeenCalledWith('old');
    expect(adapter.deleteSession).toHaveBeenCalledWith('old');
    act(() => sends[0]!.h.onError(new Error('Generation cancelled')));
    expect(toastError).not.toHaveBeenCalled();
    // No neighbour: a new chat is created and opened.
    expect(result.current.sessionId).toBe('new1');
    expect(result.current.input).toBe('');
  });

  it('follows a reply generated elsewhere, then reloads the stored messages', async () => {
    const watchers: StreamHandlers<ConversationWatchEvent>[] = [];
    const q: M = { id: 'u1', role: 'user', content: 'q', createdAt: T0 };
    const a1: M = { id: 'a1', role: 'assistant', content: 'whole answer', createdAt: T0 };
    const { result } = setup('/things/old', (a) => {
      a.getMessages
        .mockResolvedValueOnce({ session: session('old'), messages: [q], generating: true })
        .mockResolvedValueOnce({ session: session('old'), messages: [q, a1] });
      Object.assign(a, {
        watch: (_id: string, h: StreamHandlers<ConversationWatchEvent>) => {
          watchers.push(h);
          return { unsubscribe: () => undefined };
        },
      });
    });
    await waitFor(() => expect(watchers).toHaveLength(1));
    expect(result.current.messages.at(-1)).toMatchObject({ role: 'assistant', streaming: true, content: '' });
    act(() => watchers[0]!.onEvent({ type: 'progress', text: 'whole an' }));
    expect(result.current.messages.at(-1)?.content).toBe('whole an');
    act(() => watchers[0]!.onEvent({ type: 'end' }));
    await waitFor(() => expect(result.current.messages).toEqual([q, a1]));
  });

  it('a session that fails to load goes back to the base route with a toast', async () => {
    const { result } = setup('/things/missing', (a) =>
      a.getMessages.mockRejectedValueOnce(new Error('Chat session not found')),
    );
    await waitFor(() => expect(result.current.sessionId).toBeUndefined());
    expect(toastError).toHaveBeenCalledWith('Failed to load session messages', expect.anything());
    expect(result.current.loadingMessages).toBe(false);
  });
});
