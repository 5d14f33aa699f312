import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS } from '@app/api/schemas';
import {
  actionFor,
  ASSISTANT_ACTIONS,
  ASSISTANT_SUGGESTIONS,
  assistantErrorToast,
  isAcceptedFile,
  isTypeLocked,
  RATE_LIMIT_DESCRIPTION,
  requiredPlansText,
  SESSION_TYPES,
  sessionTypeInfo,
} from './assistant-utils';
import { toConversationEvent, toUiMessage } from './assistant-adapter';

describe('dashboard actions', () => {
  it('map to the fitting session type with a natural first message', () => {
    expect(actionFor('start_chat')?.sessionType).toBe('LND_COPILOT');
    expect(actionFor('new_learning_plan')?.sessionType).toBe('LND_COPILOT');
    expect(actionFor('sme_walkthrough')?.sessionType).toBe('SME_WALKTHROUGH');
    expect(actionFor('upload_sme_notes')).toMatchObject({ sessionType: 'SME_WALKTHROUGH', pickFiles: true });
    expect(Object.keys(ASSISTANT_ACTIONS)).toHaveLength(4);
    for (const a of Object.values(ASSISTANT_ACTIONS)) {
      expect(a.message).toMatch(/^[A-Z].*[?.]$/);
      expect(a.message).not.toMatch(/action|_/);
    }
    expect(actionFor('learning plan')).toBeUndefined();
    expect(actionFor('toString')).toBeUndefined();
    expect(actionFor(null)).toBeUndefined();
  });

  it('suggestions cover learning plans, onboarding, assessments, engagement and compliance', () => {
    expect(ASSISTANT_SUGGESTIONS.map((s) => s.label)).toEqual([
      'Learning plan',
      'Onboarding',
      'Assessment',
      'Engagement',
      'Compliance',
    ]);
  });
});

describe('session types', () => {
  it('lists the five types, L&D Copilot first', () => {
    expect(SESSION_TYPES.map((t) => t.type)).toEqual([
      'LND_COPILOT',
      'SME_WALKTHROUGH',
      'MICROLEARNING',
      'ASSESSMENT_BUILDER',
      'EXPERT_PANEL',
    ]);
    expect(sessionTypeInfo('LND_COPILOT').label).toBe('L&D Copilot');
    expect(sessionTypeInfo('nope').type).toBe('LND_COPILOT');
  });

  it('locks the Assessment Builder for Starter only, never for staff or while the plan is unknown', () => {
    const o = { known: true, staff: false };
    expect(isTypeLocked('ASSESSMENT_BUILDER', { ...o, plan: 'starter' })).toBe(true);
    expect(isTypeLocked('ASSESSMENT_BUILDER', { ...o, plan: null })).toBe(true);
    expect(isTypeLocked('ASSESSMENT_BUILDER', { ...o, plan: 'pro' })).toBe(false);
    expect(isTypeLocked('ASSESSMENT_BUILDER', { ...o, plan: 'team' })).toBe(false);
    expect(isTypeLocked('ASSESSMENT_BUILDER', { plan: null, known: true, staff: true })).toBe(false);
    expect(isTypeLocked('ASSESSMENT_BUILDER', { plan: 'starter', known: false, staff: false })).toBe(false);
    expect(isTypeLocked('EXPERT_PANEL', { ...o, plan: 'starter' })).toBe(false);
    expect(requiredPlansText('ASSESSMENT_BUILDER')).toBe('Pro and Team');
    expect(requiredPlansText('LND_COPILOT')).toBeUndefined();
  });
});

describe('uploads', () => {
  it('accept exactly the 14 types of SPEC §5, by extension', () => {
    expect(ACCEPTED_EXTENSIONS).toHaveLength(14);
    for (const ext of [
      'pdf',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'txt',
      'csv',
      'jpg',
      'jpeg',
      'png',
      'gif',
      'webp',
    ])
      expect(isAcceptedFile({ name: `Notes.${ext.toUpperCase()}`, type: '' })).toBe(true);
    for (const name of ['tool.exe', 'notes.md', 'page.html', 'archive.zip', 'docx', 'image.svg'])
      expect(isAcceptedFile({ name, type: 'image/png' })).toBe(false);
  });
});

describe('errors', () => {
  it('keeps the §8 title, explains the reason and offers Upgrade when only a plan fixes it', () => {
    expect(
      assistantErrorToast('Failed to create new session', {
        message: 'The Assessment Builder is included in the Pro and Team plans.',
        data: { httpStatus: 403, appCode: 'PLAN_FEATURE' },
      }),
    ).toEqual({
      message: 'Failed to create new session',
      description: 'The Assessment Builder is included in the Pro and Team plans.',
      action: { label: 'Upgrade', to: '/dashboard' },
    });
    expect(
      assistantErrorToast('Failed to send message', { message: 'x', data: { httpStatus: 429 } }),
    ).toEqual({
      message: 'Failed to send message',
      description: RATE_LIMIT_DESCRIPTION,
      action: undefined,
    });
    expect(assistantErrorToast('Failed to send message', new TypeError('Failed to fetch')).description).toBe(
      'Please try again.',
    );
    expect(
      assistantErrorToast('Failed to send message', { message: 'Quota', data: { appCode: 'QUOTA_EXCEEDED' } })
        .action,
    ).toEqual({ label: 'Upgrade', to: '/dashboard' });
  });
});

describe('adapter mapping', () => {
  it('turns server messages (USER/ASSISTANT) into conversation messages', () => {
    const at = new Date();
    const file = {
      id: 'f1',
      filename: 'a.docx',
      fileSize: 3,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      status: 'READY' as const,
      failureReason: null,
      textTruncated: false,
      openaiFileId: null,
      messageId: 'm1',
      createdAt: at,
    };
    const base = { createdAt: at, messageType: 'REGULAR', tokensUsed: 0, artifacts: [] };
    const m = toUiMessage({ ...base, id: 'm1', role: 'USER', content: 'hi', files: [file] });
    expect(m).toMatchObject({ id: 'm1', role: 'user', files: [{ id: 'f1' }] });
    const session = {
      id: 's',
      title: 't',
      sessionType: 'LND_COPILOT' as const,
      status: 'ACTIVE' as const,
      createdAt: at,
      updatedAt: at,
      messageCount: 2,
    };
    const ev = toConversationEvent({
      type: 'complete',
      session,
      message: { ...base, id: 'm2', role: 'ASSISTANT', content: 'ok', files: [] },
    });
    expect(ev).toMatchObject({
      type: 'complete',
      message: { role: 'assistant', content: 'ok', files: [], artifacts: [] },
    });
    const ref = { id: 'a1', kind: 'quiz' as const, title: 'GDPR quiz', version: 2 };
    expect(
      toUiMessage({ ...base, id: 'm3', role: 'ASSISTANT', content: 'q', files: [], artifacts: [ref] })
        .artifacts,
    ).toEqual([ref]);
    expect(toConversationEvent({ type: 'content', content: 'x' })).toEqual({ type: 'content', content: 'x' });
  });
});
