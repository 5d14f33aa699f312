// Which procedures are logged under which usage-log action: each procedure declares it (`.meta({ usageAction })`,
// through its router's `proceduresFiledUnder`), and polls declare `quietOnSuccess` (trpc.ts).
import { describe, expect, it } from 'vitest';
import { USAGE_ACTION_VALUES } from '../schemas/admin.js';
import { usageActionOf, type ProcedureMeta } from '../trpc.js';
import { appRouter } from './index.js';

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
const paths = Object.keys(procedures);
const metaOf = (path: string) => procedures[path]!._def.meta;
const actionOf = (path: string) => usageActionOf(path, metaOf(path));

describe('procedure actions', () => {
  it('every procedure of the app declares one of the six §2 actions (or that it is not logged)', () => {
    const actions = new Set<string>(USAGE_ACTION_VALUES);
    const undeclared = paths.filter((p) => metaOf(p)?.usageAction === undefined);
    expect(undeclared).toEqual([]);
    const unmapped = paths.filter((p) => {
      const a = actionOf(p);
      return a !== null && !actions.has(a);
    });
    expect(unmapped).toEqual([]);
    expect(actionOf('chat.sendStream')).toBe('STREAMING_CHAT');
    expect(actionOf('assistant.sendStream')).toBe('STREAMING_CHAT');
    expect(actionOf('chat.send')).toBe('CHAT_MESSAGE');
    expect(actionOf('assistant.send')).toBe('CHAT_MESSAGE');
    expect(actionOf('auth.login')).toBe('USER_LOGIN');
    expect(actionOf('subscriptions.checkout')).toBe('SUBSCRIPTION');
    expect(actionOf('billing.portal')).toBe('BILLING');
    expect(actionOf('admin.users')).toBe('ADMIN_ACCESS');
    expect(actionOf('system.health')).toBeNull();
    // Routers added later (issues 14 and 16): artifacts are chat work, a team workspace its subscription.
    expect(actionOf('artifacts.fix')).toBe('CHAT_MESSAGE');
    expect(actionOf('artifacts.export')).toBe('CHAT_MESSAGE');
    expect(actionOf('workspaces.invite')).toBe('SUBSCRIPTION');
    expect(actionOf('workspaces.updateMember')).toBe('SUBSCRIPTION');
    expect(actionOf('workspaces.setSeats')).toBe('BILLING');
    expect(actionOf('workspaces.usage')).toBe('ADMIN_ACCESS');
    expect(actionOf('workspaces.usageAnalytics')).toBe('ADMIN_ACCESS');
    expect(actionOf('workspaces.usageCsv')).toBe('ADMIN_ACCESS');
    // Issue 39: review and sign-off is work on the artifacts.
    for (const p of paths.filter((x) => x.startsWith('review.'))) expect(actionOf(p), p).toBe('CHAT_MESSAGE');
    // Only the two streaming sends are Streaming Chat; every system procedure is left out.
    expect(paths.filter((p) => actionOf(p) === 'STREAMING_CHAT').sort()).toEqual([
      'assistant.sendStream',
      'chat.sendStream',
    ]);
    expect(paths.filter((p) => actionOf(p) === null)).toEqual(paths.filter((p) => p.startsWith('system.')));
  });

  it('a procedure that declares no action logs its router name in capitals', () => {
    expect(usageActionOf('newthing.list', undefined)).toBe('NEWTHING');
    expect(usageActionOf('newthing.list', { quietOnSuccess: true })).toBe('NEWTHING');
    expect(usageActionOf('system.health', { usageAction: null })).toBeNull();
  });

  it('only the polls the web runs on a timer are quiet on success', () => {
    expect(paths.filter((p) => metaOf(p)?.quietOnSuccess).sort()).toEqual([
      'assistant.listSessions',
      'auth.me',
      'chat.listSessions',
      'files.list',
      'review.notifications',
      'workspaces.current',
    ]);
  });
});
