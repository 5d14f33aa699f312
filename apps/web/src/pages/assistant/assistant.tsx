// The assistant screen (/assistant, /assistant/{sessionId}): SPEC §2 Assistant and Dashboard actions, §4
// Assistant files, §5 Upload, §8 Assistant toasts and Read aloud. The conversation is the chat's hook and
// shell over the assistant's adapter; this page adds the session types (picker, locked types, the type of the
// first message), the files (upload button, drag-and-drop, paste, chips, the session's files), read aloud,
// and ?action= from the dashboard.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, FileUp, Paperclip, Upload, X } from 'lucide-react';
import { canSend } from '@app/api/client';
import {
  DEFAULT_ASSISTANT_TITLE,
  DEFAULT_ASSISTANT_SESSION_TYPE,
  type AssistantSessionType,
} from '@app/api/schemas';
import { Badge, Button, FileDropZone, Tooltip, TooltipContent, TooltipTrigger } from '@app/ui';
import { OfflineBadge } from '../../components/conversation/offline-badge';
import { useAuth } from '../../auth/auth-context';
import { useTRPC } from '../../lib/trpc';
import { ConversationShell } from '../../components/conversation/conversation-shell';
import { useConversation } from '../../components/conversation/use-conversation';
import type { SidebarLabels } from '../../components/conversation/session-sidebar';
import { useAssistantAdapter, type AssistantSendExtra } from '../../components/assistant/assistant-adapter';
import {
  ACCEPTED_TYPES_TEXT,
  ACTION_AUTOSEND_DELAY_MS,
  actionFor,
  ASSISTANT_SUGGESTIONS,
  isTypeLocked,
  sessionTypeInfo,
  UPLOAD_ACCEPT,
} from '../../components/assistant/assistant-utils';
import { useAttachments } from '../../components/assistant/use-attachments';
import { AttachmentChips, MessageFiles, ReadingFiles } from '../../components/assistant/attachment-chips';
import { FilesPanel } from '../../components/assistant/files-panel';
import { SESSION_TYPE_ICONS, SessionTypePicker } from '../../components/assistant/session-type-picker';
import { ReadAloudButton, ReadAloudProvider } from '../../components/assistant/read-aloud-button';
import { AnswerArtifacts, artifactHomes } from '../../components/assistant/answer-artifacts';

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
  const [params, setParams] = useSearchParams();
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
  const attachRef = useRef(attach);
  attachRef.current = attach;

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

  // ?action=… (dashboard): a session of the action's type and its first message after 500 ms;
  // upload_sme_notes asks for the notes first and sends once they are attached.
  const actionName = params.get('action');
  const handledAction = useRef<string | null>(null);
  const [awaitingNotes, setAwaitingNotes] = useState(false);
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  useEffect(() => {
    if (!actionName || handledAction.current === actionName) return;
    const action = actionFor(actionName);
    const clearParam = () =>
      setParamsRef.current(
        (p) => {
          p.delete('action');
          return p;
        },
        { replace: true },
      );
    if (action?.pickFiles) {
      handledAction.current = actionName;
      clearParam();
      if (!convRef.current.sessionId) setDraftType(action.sessionType);
      nextType.current = action.sessionType;
      setAwaitingNotes(true);
      // The click that brought us here may still allow the browser's file dialog; if not, the panel has a button.
      fileInput.current?.click();
      return;
    }
    // Cleared when the page goes away (or the effect re-runs) within the delay; only a timer that fired
    // marks the action handled, so a re-run (e.g. React's dev double effects) schedules it again.
    const timer = setTimeout(() => {
      handledAction.current = actionName;
      clearParam();
      if (!action) return;
      void (async () => {
        nextType.current = action.sessionType;
        setDraftType(action.sessionType);
        const c = convRef.current;
        if (c.sessionId && !(await c.newChat())) return;
        await convRef.current.send(action.message, { fileIds: [], files: [] });
      })();
    }, ACTION_AUTOSEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actionName]);

  // Upload SME Notes: once the attached notes are uploaded and read, the first message goes with them.
  const notesReady =
    awaitingNotes &&
    !!sessionId &&
    files.pending.length > 0 &&
    !files.settling &&
    files.pending.some((a) => a.phase === 'ready');
  useEffect(() => {
    if (!notesReady) return;
    const timer = setTimeout(() => {
      setAwaitingNotes(false);
      void sendRef.current(actionFor('upload_sme_notes')!.message);
    }, ACTION_AUTOSEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notesReady]);

  // Drag-and-drop anywhere on the screen, and pasted files.
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      depth = 0;
      setDragging(false);
      if (!hasFiles(e)) return;
      e.preventDefault();
      // A drop zone of its own (the SME notes panel) handles its drops.
      if ((e.target as Element | null)?.closest?.('[data-slot="file-drop-zone"]')) return;
      void attachRef.current(Array.from(e.dataTransfer?.files ?? []));
    };
    const onPaste = (e: ClipboardEvent) => {
      const pasted = Array.from(e.clipboardData?.files ?? []);
      if (pasted.length === 0) return;
      e.preventDefault();
      void attachRef.current(pasted);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('paste', onPaste);
    };
  }, []);

  // Each artifact's card shows under the newest answer that made or changed it.
  const artifactHome = useMemo(() => artifactHomes(conv.messages), [conv.messages]);

  const typeInfo = sessionTypeInfo(shownType);
  const TypeIcon = SESSION_TYPE_ICONS[typeInfo.type];
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
          <>
            {sessionId && current && (
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
                onAttach={openFilePicker}
              />
            )}
          </>
        }
        emptyState={
          <div className="flex flex-col items-center gap-6 py-8 text-center sm:py-14">
            <div className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
              <TypeIcon className="size-6" />
            </div>
            <div className="max-w-md">
              <h2 className="text-xl font-semibold">
                {sessionId ? typeInfo.label : 'What would you like to create?'}
              </h2>
              <p className="text-muted-foreground mt-1 text-sm">
                {sessionId
                  ? typeInfo.description
                  : 'Learning plans, onboarding, assessments, engagement and compliance — ask in your own words and attach your source files.'}
              </p>
            </div>
            {!sessionId && (
              <div className="flex flex-col items-center gap-1.5">
                <span className="text-muted-foreground text-xs font-medium">Session type</span>
                <Button
                  variant="outline"
                  onClick={() => setPicker('choose')}
                  aria-label={`Session type: ${typeInfo.label}. Change`}
                  data-testid="draft-type"
                >
                  <TypeIcon /> {typeInfo.label}
                  <ChevronDown className="text-muted-foreground" />
                </Button>
              </div>
            )}
            <div className="flex flex-wrap justify-center gap-2">
              {ASSISTANT_SUGGESTIONS.map((p) => (
                <Button
                  key={p.label}
                  variant="outline"
                  size="sm"
                  onClick={() => void send(p.prompt)}
                  disabled={conv.sending || files.uploading}
                >
                  {p.label}
                </Button>
              ))}
            </div>
          </div>
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
          addon: (
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="text-muted-foreground shrink-0 rounded-full"
                  onClick={openFilePicker}
                  aria-label="Attach files"
                  data-testid="attach-button"
                >
                  <Paperclip />
                </Button>
              </TooltipTrigger>
              <TooltipContent>Attach files ({ACCEPTED_TYPES_TEXT})</TooltipContent>
            </Tooltip>
          ),
          above: (
            <>
              {awaitingNotes && (
                <div
                  className="bg-background mb-2 rounded-xl border p-3 shadow-sm"
                  data-testid="sme-notes-panel"
                  role="region"
                  aria-label="Upload SME notes"
                >
                  <div className="mb-2 flex items-start justify-between gap-2">
                    <div>
                      <p className="flex items-center gap-2 text-sm font-semibold">
                        <FileUp className="text-primary size-4" aria-hidden="true" /> Upload your SME notes
                      </p>
                      <p className="text-muted-foreground text-xs">
                        Once they are read, the assistant starts an SME walkthrough on them.
                      </p>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setAwaitingNotes(false)}
                      aria-label="Cancel SME notes upload"
                    >
                      <X /> Cancel
                    </Button>
                  </div>
                  <FileDropZone
                    multiple
                    accept={UPLOAD_ACCEPT}
                    onFiles={(list) => void attach(list)}
                    onReject={(list) => files.accept(list)}
                    label="Drop your notes here, or click to choose files"
                    hint={ACCEPTED_TYPES_TEXT}
                    className="py-5"
                    inputProps={{ 'aria-label': 'SME notes files' }}
                  />
                </div>
              )}
              <AttachmentChips items={files.pending} onRemove={(key) => void files.remove(key)} />
            </>
          ),
        }}
        messageActions={(m) =>
          m.role === 'assistant' && m.content ? <ReadAloudButton id={m.id} text={m.content} /> : null
        }
        messageExtra={(m) =>
          m.role === 'user' ? (
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
          )
        }
        messageTextCollapsed={(m) => m.role === 'assistant' && artifactHome.hasCardsUnder(m)}
      />
      {dragging && (
        <div
          className="bg-background/80 pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-6 backdrop-blur-sm"
          data-testid="drop-overlay"
        >
          <div className="border-primary bg-primary/5 flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-10 py-12 text-center">
            <Upload className="text-primary size-8" aria-hidden="true" />
            <p className="font-semibold">Drop files to attach them</p>
            <p className="text-muted-foreground text-xs">{ACCEPTED_TYPES_TEXT}</p>
          </div>
        </div>
      )}
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
