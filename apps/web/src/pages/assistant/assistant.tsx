// The assistant screen (/assistant, /assistant/{sessionId}): SPEC §2 Assistant and Dashboard actions, §4
// Assistant files, §5 Upload, §8 Assistant toasts and Read aloud. The conversation is the chat's hook and
// shell over the assistant's adapter; this page adds the session types (picker, locked types, the type of the
// first message), the files (upload button, drag-and-drop, paste, chips, the session's files), read aloud,
// and ?action= from the dashboard.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { canSend } from '@app/api/client';
import {
  DEFAULT_ASSISTANT_TITLE,
  DEFAULT_ASSISTANT_SESSION_TYPE,
  type AssistantSessionType,
} from '@app/api/schemas';
import { Badge } from '@app/ui';
import { OfflineBadge } from '../../components/conversation/offline-badge';
import { useAuth } from '../../auth/auth-context';
import { useTRPC } from '../../lib/trpc';
import { ConversationShell } from '../../components/conversation/conversation-shell';
import { useConversation } from '../../components/conversation/use-conversation';
import type { SidebarLabels } from '../../components/conversation/session-sidebar';
import {
  useAssistantAdapter,
  type AssistantSendExtra,
  type AssistantUiMessage,
} from '../../components/assistant/assistant-adapter';
import { isTypeLocked, sessionTypeInfo, UPLOAD_ACCEPT } from '../../components/assistant/assistant-utils';
import { useAttachments } from '../../components/assistant/use-attachments';
import { AttachmentChips, MessageFiles, ReadingFiles } from '../../components/assistant/attachment-chips';
import { FilesPanel } from '../../components/assistant/files-panel';
import { SESSION_TYPE_ICONS, SessionTypePicker } from '../../components/assistant/session-type-picker';
import { ReadAloudButton, ReadAloudProvider } from '../../components/assistant/read-aloud-button';
import { AnswerArtifacts, artifactHomes } from '../../components/assistant/answer-artifacts';
import { AssistantEmptyState } from '../../components/assistant/assistant-empty-state';
import { AttachFilesButton, SmeNotesPanel } from '../../components/assistant/sme-notes-panel';
import { useDashboardAction } from '../../components/assistant/use-dashboard-action';
import { NotificationsBell } from '../../components/review/notifications-bell';
import { useInTeam } from '../../components/review/review-button';
import { FileDropOverlay, useWindowFileDrop } from '../../components/assistant/window-file-drop';

const SIDEBAR_LABELS: SidebarLabels = {
  newSession: 'New session',
  search: 'Search sessions',
  group: 'Sessions',
  list: 'Assistant sessions',
  empty: 'No sessions yet. Start a new one.',
  renameTitle: 'Rename session',
  renameDescription: 'Give this session a name you will recognise later.',
  deleteTitle: 'Delete this session?',
};

export default function AssistantPage() {
  const { sessionId } = useParams<{ sessionId?: string }>();
  const trpc = useTRPC();
  const { user } = useAuth();
  const subQuery = useQuery(trpc.subscriptions.current.queryOptions());
  const sub = subQuery.data?.subscription ?? null;
  const staff = !!user?.isAdmin && !canSend(sub?.status);
  const isLocked = (t: AssistantSessionType) =>
    isTypeLocked(t, { plan: sub?.plan, known: subQuery.isSuccess, staff });

  /** The type the next created session gets (read by the adapter when it creates one). */
  const nextType = useRef<AssistantSessionType>(DEFAULT_ASSISTANT_SESSION_TYPE);
  /** On /assistant: the type the first message's session will have. */
  const [draftType, setDraftType] = useState<AssistantSessionType>(DEFAULT_ASSISTANT_SESSION_TYPE);
  const [picker, setPicker] = useState<null | 'create' | 'choose'>(null);
  const [creating, setCreating] = useState(false);
  /** Files sent while still being read: the answer shows "Reading name…" until its first text. */
  const [reading, setReading] = useState<string[]>([]);

  const conv = useConversation(useAssistantAdapter(nextType), sessionId);
  // The reading note belongs to one send: gone once it ends (a Regenerate never shows it).
  useEffect(() => {
    if (!conv.sending) setReading([]);
  }, [conv.sending]);
  const files = useAttachments(sessionId);
  const current = conv.current;
  const shownType: AssistantSessionType = sessionId ? (current?.sessionType ?? draftType) : draftType;

  const convRef = useRef(conv);
  convRef.current = conv;

  /** The session files go to: the one on screen, or a new one of the chosen type. */
  const ensureSession = async (): Promise<string | undefined> => {
    const c = convRef.current;
    if (c.sessionId) return c.sessionId;
    nextType.current = draftType;
    return c.newChat();
  };

  const attach = async (list: File[]) => {
    const accepted = files.accept(list);
    if (accepted.length === 0) return false;
    const sid = await ensureSession();
    if (!sid) return false;
    files.upload(sid, accepted);
    return true;
  };

  const send = async (text: string) => {
    const c = convRef.current;
    if (!text.trim() || c.sending || files.uploading) return;
    if (!c.sessionId) nextType.current = draftType;
    // Files still being read go with the message; its answer shows "Reading name…" until text arrives.
    setReading(c.sessionId ? files.readingNames : []);
    const extra: AssistantSendExtra = c.sessionId
      ? files.takeForSend(c.sessionId)
      : { fileIds: [], files: [] };
    await c.send(text, extra);
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  const newSession = async (type: AssistantSessionType) => {
    nextType.current = type;
    setCreating(true);
    await convRef.current.newChat();
    setCreating(false);
    // Closed either way: a refusal's toast (e.g. 'Upgrade') must be reachable.
    setPicker(null);
  };

  // The file input behind the upload button (and opened by 'Upload SME Notes').
  const fileInput = useRef<HTMLInputElement>(null);
  const openFilePicker = () => fileInput.current?.click();

  // ?action=… (dashboard), and the SME notes it may ask for.
  const { awaitingNotes, cancelNotes } = useDashboardAction({
    conv: convRef,
    nextType,
    setDraftType,
    fileInput,
    notesAttached:
      !!sessionId &&
      files.pending.length > 0 &&
      !files.settling &&
      files.pending.some((a) => a.phase === 'ready'),
    send: sendRef,
  });

  // Drag-and-drop anywhere on the screen, and pasted files.
  const dragging = useWindowFileDrop(attach);

  // Each artifact's card shows under the newest answer that made or changed it.
  const artifactHome = useMemo(() => artifactHomes(conv.messages), [conv.messages]);

  const shell = {
    ...conv,
    // New session (sidebar button, Ctrl/Cmd+N) asks for the type first.
    newChat: async () => {
      setPicker('create');
      return undefined;
    },
  };

  return (
    <ReadAloudProvider resetKey={sessionId}>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        accept={UPLOAD_ACCEPT}
        data-testid="file-input"
        aria-label="Attach files"
        onChange={(e) => {
          const list = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          void attach(list);
        }}
      />
      <ConversationShell
        conversation={shell}
        untitled={DEFAULT_ASSISTANT_TITLE}
        sidebarLabels={SIDEBAR_LABELS}
        headerActions={
          <HeaderActions
            sessionId={sessionId}
            type={current ? shownType : undefined}
            files={files}
            onAttach={openFilePicker}
          />
        }
        emptyState={
          <AssistantEmptyState
            sessionId={sessionId}
            type={shownType}
            onChooseType={() => setPicker('choose')}
            onSuggestion={(prompt) => void send(prompt)}
            suggestionsDisabled={conv.sending || files.uploading}
          />
        }
        composer={{
          placeholder: 'Ask anything…',
          hint: files.uploading
            ? 'Waiting for your files to finish uploading…'
            : files.readingNames.length
              ? 'Your files are still being read: send now and the answer waits for them.'
              : 'Enter to send · Shift+Enter for a new line · AI answers can be wrong; review before use.',
          sendDisabled: files.uploading,
          onSend: (text) => void send(text),
          addon: <AttachFilesButton onClick={openFilePicker} />,
          above: (
            <>
              {awaitingNotes && (
                <SmeNotesPanel
                  onCancel={cancelNotes}
                  onFiles={(list) => void attach(list)}
                  onReject={(list) => files.accept(list)}
                />
              )}
              <AttachmentChips items={files.pending} onRemove={(key) => void files.remove(key)} />
            </>
          ),
        }}
        messageActions={(m) =>
          m.role === 'assistant' && m.content ? <ReadAloudButton id={m.id} text={m.content} /> : null
        }
        messageExtra={(m) => messageExtra(m, { sessionId, reading, artifactHome })}
        messageTextCollapsed={(m) => m.role === 'assistant' && artifactHome.hasCardsUnder(m)}
      />
      {dragging && <FileDropOverlay />}
      <SessionTypePicker
        open={picker !== null}
        onOpenChange={(o) => !o && setPicker(null)}
        initial={picker === 'create' ? (current?.sessionType ?? draftType) : draftType}
        isLocked={isLocked}
        pending={creating}
        title={picker === 'choose' ? 'Session type' : 'New session'}
        confirmLabel={picker === 'choose' ? 'Use this type' : 'Start session'}
        onPick={(t) => {
          if (picker === 'choose') {
            setDraftType(t);
            setPicker(null);
          } else void newSession(t);
        }}
      />
    </ReadAloudProvider>
  );
}

/** The session's type, the offline badge and the session's files. */
function HeaderActions({
  sessionId,
  type,
  files,
  onAttach,
}: {
  sessionId: string | undefined;
  /** The type of the session on screen, once it is known. */
  type: AssistantSessionType | undefined;
  files: ReturnType<typeof useAttachments>;
  onAttach(): void;
}) {
  const typeInfo = type && sessionTypeInfo(type);
  const TypeIcon = typeInfo && SESSION_TYPE_ICONS[typeInfo.type];
  const inTeam = useInTeam();
  return (
    <>
      {sessionId && typeInfo && TypeIcon && (
        <Badge variant="secondary" className="hidden sm:inline-flex" data-testid="session-type">
          <TypeIcon aria-hidden="true" /> {typeInfo.label}
        </Badge>
      )}
      <OfflineBadge labelFrom="lg" />
      {sessionId && (
        <FilesPanel
          files={files.sessionFiles}
          loading={files.filesLoading}
          onDelete={(id) => files.deleteFile(sessionId, id)}
          onAttach={onAttach}
        />
      )}
      {/* Team members' mentions and review news, as in the site header on the other signed-in pages. */}
      <NotificationsBell enabled={inTeam} />
    </>
  );
}

/** Under a message: its files (a question), "Reading name…" (an answer waiting), or its sources and artifacts. */
function messageExtra(
  m: AssistantUiMessage,
  {
    sessionId,
    reading,
    artifactHome,
  }: { sessionId: string | undefined; reading: string[]; artifactHome: ReturnType<typeof artifactHomes> },
) {
  return m.role === 'user' ? (
    <MessageFiles files={m.files} align="end" />
  ) : m.streaming ? (
    !m.content && reading.length > 0 ? (
      <ReadingFiles names={reading} />
    ) : null
  ) : (
    <>
      {m.usedFiles?.length ? <MessageFiles files={m.usedFiles} label="Sources:" /> : null}
      {sessionId && m.artifacts.length > 0 && (
        <AnswerArtifacts
          sessionId={sessionId}
          refs={m.artifacts}
          shownUnder={artifactHome}
          messageId={m.id}
        />
      )}
    </>
  );
}
