// Sharing with single members (issue 39 item 1) on a real database: an audience of the people listed, viewers and
// editors; who sees (artifactAccess, the library, the storyboard, the mention list), who changes content (edit,
// restore, Fix through the artifact service: an editor's version is theirs), removing people and unsharing, and
// bad lists (400) — for the author, a listed editor and viewer, a member not listed, an admin and another team.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createTestDatabase } from '@app/db/testing';
import type { Database, Db } from '@app/db';
import { NOT_AN_EDITOR_MESSAGE, artifactAccess } from '../artifacts/access.js';
import { checkArtifact } from '../artifacts/checks.js';
import { objectivesFixture, quizFixture } from '../artifacts/export/test-fixtures.js';
import {
  type ArtifactServiceDeps,
  fixArtifactWarning,
  getArtifact,
  restoreArtifact,
  updateArtifact,
} from '../artifacts/service.js';
import { LlmError, type LlmProvider } from '../llm/types.js';
import { createOfflineProvider } from '../llm/offline.js';
import { membershipOf } from '../workspaces/access.js';
import { leaveWorkspace, removeMember } from '../workspaces/members.js';
import { createTestArtifact, testArtifactDeps } from '../../testing/artifacts.js';
import { createTestUser } from '../../testing/factories.js';
import type { ObjectivesArtifact } from '../../schemas/artifacts.js';
import { listActivity } from './activity.js';
import { library } from './library.js';
import { mentionable } from './mentions.js';
import { shareArtifact, shareState } from './share.js';
import { storyboard } from './storyboard.js';

let database: Database;
let db: Db;
let deps: ArtifactServiceDeps;
const usage = { current: () => undefined } as never;
const share = (userId: string, input: Omit<Parameters<typeof shareArtifact>[2], 'artifactId'>, id: string) =>
  shareArtifact({ db, usage }, userId, { artifactId: id, ...input });

type Person = { id: string; name: string };
let owner: Person, dana: Person, eve: Person, vic: Person, ben: Person, ada: Person, otto: Person;

async function person(firstName: string, workspaceId: string | null, role: 'ADMIN' | 'MEMBER' = 'MEMBER') {
  const { user } = await createTestUser(db, { firstName, lastName: 'Tester' });
  if (workspaceId) await db.workspaceMember.create({ data: { workspaceId, userId: user.id, role } });
  return { id: user.id, name: `${firstName} Tester` };
}

/** A Team owner and their workspace (made on first look, as for a real payer). */
async function teamOwner(firstName: string) {
  const { user } = await createTestUser(db, { plan: 'team', firstName, lastName: 'Tester' });
  const m = await membershipOf(db, user.id);
  return { person: { id: user.id, name: `${firstName} Tester` }, workspaceId: m.workspace.id };
}

const stored = (userId: string, data: unknown = quizFixture, kind: 'quiz' | 'objectives' = 'quiz') =>
  createTestArtifact(db, userId, kind, data);

/** The error a call fails with, as {code, message}. */
async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TRPCError);
    return { code: (err as TRPCError).code, message: (err as TRPCError).message };
  }
  throw new Error('expected the call to fail');
}

/** Shared with Eve as an editor and Vic as a viewer only. */
const eveEditsVicReads = () => ({
  workspace: false,
  members: [
    { userId: eve.id, role: 'EDITOR' as const },
    { userId: vic.id, role: 'VIEWER' as const },
  ],
});

const edited = (stem: string) => {
  const data = structuredClone(quizFixture);
  data.items[0]!.stem = stem;
  return data;
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.prisma;
  deps = testArtifactDeps(db);
  const team = await teamOwner('Olga');
  owner = team.person;
  dana = await person('Dana', team.workspaceId);
  eve = await person('Eve', team.workspaceId);
  vic = await person('Vic', team.workspaceId);
  ben = await person('Ben', team.workspaceId);
  ada = await person('Ada', team.workspaceId, 'ADMIN');
  otto = (await teamOwner('Otto')).person;
});
afterAll(async () => {
  await database?.close();
});

describe('shared with people only', () => {
  let quiz: { id: string; sessionId: string };
  beforeAll(async () => {
    quiz = await stored(dana.id);
    const state = await share(dana.id, eveEditsVicReads(), quiz.id);
    expect(state).toMatchObject({
      shared: true,
      audience: 'MEMBERS',
      role: 'AUTHOR',
      members: [
        { userId: eve.id, name: 'Eve Tester', role: 'EDITOR' },
        { userId: vic.id, name: 'Vic Tester', role: 'VIEWER' },
      ],
    });
  });

  it('the listed people, the owners and admins see it; a member not listed and another team get 404', async () => {
    expect(await artifactAccess(db, eve.id, quiz.id)).toMatchObject({ listedRole: 'EDITOR', isEditor: true });
    expect(await artifactAccess(db, vic.id, quiz.id)).toMatchObject({
      listedRole: 'VIEWER',
      isEditor: false,
    });
    expect(await artifactAccess(db, ada.id, quiz.id)).toMatchObject({ isManager: true, isEditor: false });
    expect(await artifactAccess(db, owner.id, quiz.id)).toMatchObject({ isManager: true });
    for (const who of [ben, otto])
      expect(await failure(artifactAccess(db, who.id, quiz.id))).toEqual({
        code: 'NOT_FOUND',
        message: 'Artifact not found',
      });
    expect((await shareState({ db }, vic.id, quiz.id)).role).toBe('VIEWER');
    expect((await shareState({ db }, eve.id, quiz.id)).can.edit).toBe(true);
    expect((await shareState({ db }, vic.id, quiz.id)).can.edit).toBe(false);
    expect((await shareState({ db }, ada.id, quiz.id)).role).toBe('READER');
  });

  it('the library lists it to the people listed, the author and the managers, not to a member not listed', async () => {
    const ids = async (userId: string) =>
      (await library({ db }, userId, {})).entries.map((e) => e.artifactId);
    for (const who of [dana, eve, vic, ada, owner]) expect(await ids(who.id)).toContain(quiz.id);
    expect(await ids(ben.id)).not.toContain(quiz.id);
    expect((await library({ db }, eve.id, {})).entries.find((e) => e.artifactId === quiz.id)).toMatchObject({
      audience: 'MEMBERS',
    });
    // Nor does the storyboard of its session hold it for him.
    expect(await failure(storyboard({ db, usage }, ben.id, quiz.sessionId))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await storyboard({ db, usage }, vic.id, quiz.sessionId)).filename).toMatch(/\.docx$/);
  });

  it('@mentions offer who sees it; the author’s picker offers the whole workspace, to the author only', async () => {
    const handles = async (userId: string, scope?: 'workspace') =>
      (await mentionable({ db }, userId, quiz.id, scope)).members.map((m) => m.name).sort();
    expect(await handles(vic.id)).toEqual(['Ada Tester', 'Dana Tester', 'Eve Tester', 'Olga Tester']);
    expect(await handles(dana.id, 'workspace')).toEqual([
      'Ada Tester',
      'Ben Tester',
      'Eve Tester',
      'Olga Tester',
      'Vic Tester',
    ]);
    expect(await failure(mentionable({ db }, eve.id, quiz.id, 'workspace'))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the author can choose who this artifact is shared with.',
    });
  });

  it('an editor edits and restores: each version is theirs; a viewer gets 403, a member not listed 404', async () => {
    const v2 = await updateArtifact(deps, eve.id, {
      artifactId: quiz.id,
      data: edited('Edited by Eve'),
      baseVersion: 1,
    });
    expect(v2.version).toBe(2);
    const detail = await getArtifact(deps, dana.id, { artifactId: quiz.id });
    expect(detail.versions[0]).toMatchObject({ version: 2, source: 'edit', createdBy: 'Eve Tester' });
    const v3 = await restoreArtifact(deps, eve.id, { artifactId: quiz.id, version: 1 });
    expect(v3.version).toBe(3);
    expect((await getArtifact(deps, eve.id, { artifactId: quiz.id })).versions[0]).toMatchObject({
      source: 'restore',
      createdBy: 'Eve Tester',
    });
    const forbidden = { code: 'FORBIDDEN', message: NOT_AN_EDITOR_MESSAGE };
    for (const who of [vic, ada]) {
      expect(await failure(updateArtifact(deps, who.id, { artifactId: quiz.id, data: edited('x') }))).toEqual(
        forbidden,
      );
      expect(await failure(restoreArtifact(deps, who.id, { artifactId: quiz.id, version: 2 }))).toEqual(
        forbidden,
      );
      expect(
        await failure(fixArtifactWarning(deps, who.id, { artifactId: quiz.id, code: 'X', path: '' })),
      ).toEqual(forbidden);
      expect(await failure(getArtifact(deps, who.id, { artifactId: quiz.id }))).toEqual(forbidden);
    }
    for (const who of [ben, otto])
      expect(
        await failure(updateArtifact(deps, who.id, { artifactId: quiz.id, data: edited('x') })),
      ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await db.artifact.findUniqueOrThrow({ where: { id: quiz.id } })).version).toBe(3);
  });

  it('an editor’s Fix is a version of theirs', async () => {
    const vague: ObjectivesArtifact = {
      ...objectivesFixture,
      objectives: objectivesFixture.objectives.map((o, i) =>
        i === 0 ? { ...o, verb: 'understand', behavior: 'understand the hand hygiene policy' } : o,
      ),
    };
    const w = checkArtifact('objectives', vague).find((x) => x.code === 'VAGUE_VERB')!;
    const objectives = await stored(dana.id, vague, 'objectives');
    await share(dana.id, { workspace: false, members: [{ userId: eve.id, role: 'EDITOR' }] }, objectives.id);
    const failing = {
      ...createOfflineProvider(),
      generateObject: async () => {
        throw new LlmError('upstream down', 'upstream');
      },
    } as LlmProvider;
    const fixed = await fixArtifactWarning({ ...deps, llm: failing }, eve.id, {
      artifactId: objectives.id,
      code: w.code,
      path: w.path,
    });
    expect(fixed.version).toBe(2);
    expect((await getArtifact(deps, dana.id, { artifactId: objectives.id })).versions[0]).toMatchObject({
      source: 'fix',
      createdBy: 'Eve Tester',
    });
  });
});

describe('changing who it is shared with', () => {
  it('removing a person or making them a viewer takes their access at once; the activity says what changed', async () => {
    const quiz = await stored(dana.id);
    await share(dana.id, eveEditsVicReads(), quiz.id);
    const after = await share(
      dana.id,
      { workspace: false, members: [{ userId: eve.id, role: 'VIEWER' }] },
      quiz.id,
    );
    expect(after).toMatchObject({ members: [{ userId: eve.id, role: 'VIEWER' }] });
    expect(await failure(artifactAccess(db, vic.id, quiz.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await failure(updateArtifact(deps, eve.id, { artifactId: quiz.id, data: edited('x') })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const entries = (await listActivity({ db }, dana.id, quiz.id)).entries;
    expect(entries.find((e) => e.type === 'shared')?.details).toBe(
      'with Eve Tester (editor), Vic Tester (viewer)',
    );
    expect(entries.find((e) => e.type === 'access_changed')?.details).toBe(
      'Eve Tester now viewer; Vic Tester removed',
    );
  });

  it('with the workspace and an editor: everyone reads, only the editor and the author change it; tags keep the list', async () => {
    const quiz = await stored(dana.id);
    const state = await share(
      dana.id,
      { workspace: true, members: [{ userId: eve.id, role: 'EDITOR' }] },
      quiz.id,
    );
    expect(state).toMatchObject({ audience: 'WORKSPACE', members: [{ userId: eve.id, role: 'EDITOR' }] });
    expect(await artifactAccess(db, ben.id, quiz.id)).toMatchObject({ listedRole: null, isEditor: false });
    expect(
      await failure(updateArtifact(deps, ben.id, { artifactId: quiz.id, data: edited('x') })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect((await updateArtifact(deps, eve.id, { artifactId: quiz.id, data: edited('Eve') })).version).toBe(
      2,
    );
    const retagged = await share(dana.id, { workspace: true, tags: ['fire'] }, quiz.id);
    expect(retagged).toMatchObject({ tags: ['fire'], members: [{ userId: eve.id, role: 'EDITOR' }] });
  });

  it('unsharing drops the list and keeps the author’s copy; sharing again starts with no one listed', async () => {
    const quiz = await stored(dana.id);
    await share(dana.id, { workspace: false, members: [{ userId: eve.id, role: 'EDITOR' }] }, quiz.id);
    const off = await share(dana.id, { workspace: false }, quiz.id);
    expect(off).toMatchObject({ shared: false, audience: null, members: [] });
    expect(await db.artifactShareMember.count({ where: { artifactId: quiz.id } })).toBe(0);
    expect(await failure(artifactAccess(db, eve.id, quiz.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await updateArtifact(deps, dana.id, { artifactId: quiz.id, data: edited('Mine') })).version).toBe(
      2,
    );
    expect(await share(dana.id, { workspace: true }, quiz.id)).toMatchObject({ members: [] });
    // An admin unshares with the same call; an empty list with workspace false unshares too.
    await share(dana.id, { workspace: false, members: [{ userId: eve.id, role: 'VIEWER' }] }, quiz.id);
    expect(await share(ada.id, { workspace: false, members: [] }, quiz.id)).toEqual({
      artifactId: quiz.id,
      shared: false,
    });
    expect(await failure(artifactAccess(db, eve.id, quiz.id))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a listed person who leaves the workspace loses access', async () => {
    const quiz = await stored(dana.id);
    const leaver = await person('Lee', (await membershipOf(db, dana.id)).workspace.id);
    await share(dana.id, { workspace: false, members: [{ userId: leaver.id, role: 'EDITOR' }] }, quiz.id);
    expect((await artifactAccess(db, leaver.id, quiz.id)).isEditor).toBe(true);
    await db.workspaceMember.deleteMany({ where: { userId: leaver.id } });
    expect(await failure(artifactAccess(db, leaver.id, quiz.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await shareState({ db }, dana.id, quiz.id)).members).toEqual([]);
  });

  it('removed by an admin or leaving, the person is off every list of that workspace: invited back, nothing is shared', async () => {
    const workspaceId = (await membershipOf(db, dana.id)).workspace.id;
    const quiz = await stored(dana.id);
    const removed = await person('Rita', workspaceId);
    const leaver = await person('Leo', workspaceId);
    await share(
      dana.id,
      {
        workspace: false,
        members: [
          { userId: removed.id, role: 'EDITOR' },
          { userId: leaver.id, role: 'VIEWER' },
        ],
      },
      quiz.id,
    );
    await removeMember({ db, usage }, ada.id, removed.id);
    await leaveWorkspace({ db, usage }, leaver.id);
    expect(await db.artifactShareMember.count({ where: { userId: { in: [removed.id, leaver.id] } } })).toBe(
      0,
    );
    // Back in the workspace, they see nothing until the author lists them again.
    for (const p of [removed, leaver]) {
      await db.workspaceMember.create({ data: { workspaceId, userId: p.id, role: 'MEMBER' } });
      expect(await failure(artifactAccess(db, p.id, quiz.id))).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('a share saved while the person is removed', () => {
  it('never leaves them listed: the removal takes the new row, or the share is refused (400)', async () => {
    const workspaceId = (await membershipOf(db, dana.id)).workspace.id;
    for (let i = 0; i < 8; i++) {
      const p = await person(`Race${i}`, workspaceId);
      const quiz = await stored(dana.id);
      const [shared, removed] = await Promise.allSettled([
        share(dana.id, { workspace: false, members: [{ userId: p.id, role: 'EDITOR' }] }, quiz.id),
        removeMember({ db, usage }, ada.id, p.id),
      ]);
      expect(removed.status).toBe('fulfilled');
      if (shared.status === 'rejected') expect(String(shared.reason)).toMatch(/Only members of/);
      expect(await db.artifactShareMember.count({ where: { userId: p.id } })).toBe(0);
    }
  });
});

describe('who may choose, and bad lists', () => {
  it('only the author lists people; the author, other teams and unknown ids are refused with a 400 in words', async () => {
    const quiz = await stored(dana.id);
    await share(dana.id, { workspace: true }, quiz.id);
    const list = { workspace: false, members: [{ userId: ben.id, role: 'EDITOR' as const }] };
    for (const who of [ada, eve])
      expect(await failure(share(who.id, list, quiz.id))).toEqual({
        code: 'FORBIDDEN',
        message: 'Only the author can share this artifact and choose who it is shared with.',
      });
    expect(
      await failure(
        share(dana.id, { workspace: true, members: [{ userId: dana.id, role: 'EDITOR' }] }, quiz.id),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'The author always edits their artifact: list other members only.',
    });
    const workspaceName = (await membershipOf(db, dana.id)).workspace.name;
    expect(
      await failure(
        share(
          dana.id,
          {
            workspace: true,
            members: [
              { userId: otto.id, role: 'VIEWER' },
              { userId: 'no-such-user', role: 'VIEWER' },
            ],
          },
          quiz.id,
        ),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: `Only members of ${workspaceName} can be listed; these are not: ${otto.id}, no-such-user`,
    });
    // Nothing changed.
    expect((await shareState({ db }, dana.id, quiz.id)).members).toEqual([]);
  });
});
