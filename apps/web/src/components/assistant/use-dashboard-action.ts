// ?action=… from the dashboard: a session of the action's type and its first message after 500 ms;
// upload_sme_notes asks for the notes first and sends once they are attached and read.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import type { AssistantSessionType } from '@app/api/schemas';
import type { AssistantSendExtra } from './assistant-adapter';
import { ACTION_AUTOSEND_DELAY_MS, actionFor } from './assistant-utils';

interface ActionConversation {
  sessionId: string | undefined;
  newChat(): Promise<string | undefined>;
  send(text: string, extra: AssistantSendExtra): Promise<void>;
}

export function useDashboardAction({
  conv,
  nextType,
  setDraftType,
  fileInput,
  notesAttached,
  send,
}: {
  /** The conversation as last rendered. */
  conv: RefObject<ActionConversation>;
  /** The type the next created session gets. */
  nextType: RefObject<AssistantSessionType>;
  setDraftType(type: AssistantSessionType): void;
  /** The file input behind the upload button. */
  fileInput: RefObject<HTMLInputElement | null>;
  /** Files are attached to the session on screen, uploaded, and at least one is read. */
  notesAttached: boolean;
  /** The page's send (with the attached files), as last rendered. */
  send: RefObject<(text: string) => Promise<void>>;
}) {
  const [params, setParams] = useSearchParams();
  const actionName = params.get('action');
  const handledAction = useRef<string | null>(null);
  const [awaitingNotes, setAwaitingNotes] = useState(false);
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const setDraftTypeRef = useRef(setDraftType);
  setDraftTypeRef.current = setDraftType;
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
      if (!conv.current.sessionId) setDraftTypeRef.current(action.sessionType);
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
        setDraftTypeRef.current(action.sessionType);
        const c = conv.current;
        if (c.sessionId && !(await c.newChat())) return;
        await conv.current.send(action.message, { fileIds: [], files: [] });
      })();
    }, ACTION_AUTOSEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actionName, conv, nextType, fileInput]);

  // Upload SME Notes: once the attached notes are uploaded and read, the first message goes with them.
  const notesReady = awaitingNotes && notesAttached;
  useEffect(() => {
    if (!notesReady) return;
    const timer = setTimeout(() => {
      setAwaitingNotes(false);
      void send.current(actionFor('upload_sme_notes')!.message);
    }, ACTION_AUTOSEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notesReady, send]);

  return { awaitingNotes, cancelNotes: () => setAwaitingNotes(false) };
}
