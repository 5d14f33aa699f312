// Sharing with single members and editors besides the author (issue 39 item 1) over REST and tRPC:
// `POST /api/artifacts/{id}/share {workspace, members: [{userId, role}]}` (and `{workspace: true|false}` as before),
// the picker's `GET /api/artifacts/{id}/mentionable?scope=workspace`, the library, and the artifacts' content paths
// for a listed editor (their version is "edited by" them), a viewer (403), a member not listed and another
// workspace (404); removing a person and unsharing; bad input is a 400 in words, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { quizFixture } from '../../../../packages/api/src/services/artifacts/export/test-fixtures.js';
import { createTestArtifact } from '../../../../packages/api/src/testing/artifacts.js';
import { createTestServer, type TestServer } from '../testing.js';
import { teamOwner } from './team-test-helpers.js';

let s: TestServer;
type Auth = { authorization: string } | undefined;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, payload?: unknown) =>
  s.app.inject({ method, url: `/api${url}`, headers: { ...auth }, payload: payload as never });
/** A tRPC call (`review.share`, `artifacts.update`…): its HTTP status and, on success, its data. */
async function trpc(kind: 'query' | 'mutation', p: string, input: unknown, auth: Auth) {
  const res =
    kind === 'query'
      ? await s.app.inject({
          method: 'GET',
          url: `/trpc/${p}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
          headers: auth ?? {},
        })
      : await s.app.inject({
          method: 'POST',
          url: `/trpc/${p}`,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ json: input }),
        });
  const body = res.json() as { result?: { data: { json: Json } }; error?: { json: { message: string } } };
  return { status: res.statusCode, data: body.result?.data.json, message: body.error?.json.message };
}

let team: Awaited<ReturnType<typeof teamOwner>>;
type Member = Awaited<ReturnType<typeof member>>;
let dana: Member, eve: Member, vic: Member, ben: Member;
let outsider: Awaited<ReturnType<typeof teamOwner>>;

async function member(firstName: string) {
  const m = await createSignedInUser(s.services, { firstName, lastName: 'Tester' });
  await s.services.db.workspaceMember.create({
    data: { workspaceId: team.workspaceId, userId: m.user.id, role: 'MEMBER' },
  });
  return m;
}

const quizOf = (userId: string) => createTestArtifact(s.services.db, userId, 'quiz', quizFixture);
const edited = (stem: string) => {
  const data = structuredClone(quizFixture);
  data.items[0]!.stem = stem;
  return data;
};

beforeAll(async () => {
  s = await createTestServer();
  team = await teamOwner(s, 10);
  dana = await member('Dana');
  eve = await member('Eve');
  vic = await member('Vic');
  ben = await member('Ben');
  outsider = await teamOwner(s, 3);
});
afterAll(async () => {
  await s?.close();
});

describe('sharing with people, over REST and tRPC', () => {
  let quiz: { id: string; sessionId: string };
  beforeAll(async () => {
    quiz = await quizOf(dana.user.id);
  });

  it('the picker lists the workspace to the author; the share lists an editor and a viewer', async () => {
    const picker = await call('GET', `/artifacts/${quiz.id}/mentionable?scope=workspace`, dana.auth);
    expect(picker.statusCode, picker.body).toBe(200);
    expect(picker.json().members.map((m: Json) => m.name)).toEqual([
      'Olga Owner',
      'Eve Tester',
      'Vic Tester',
      'Ben Tester',
    ]);
    const bad = await call('GET', `/artifacts/${quiz.id}/mentionable?scope=everyone`, dana.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('scope must be visible or workspace');
    const res = await call('POST', `/artifacts/${quiz.id}/share`, dana.auth, {
      workspace: false,
      members: [
        { userId: eve.user.id, role: 'EDITOR' },
        { userId: vic.user.id, role: 'VIEWER' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      shared: true,
      audience: 'MEMBERS',
      members: [
        { userId: eve.user.id, name: 'Eve Tester', role: 'EDITOR' },
        { userId: vic.user.id, name: 'Vic Tester', role: 'VIEWER' },
      ],
    });
    // Only the author picks: a listed editor gets 403, a member not listed 404 (REST and tRPC).
    expect(
      (await call('GET', `/artifacts/${quiz.id}/mentionable?scope=workspace`, eve.auth)).statusCode,
    ).toBe(403);
    expect(
      (await trpc('query', 'review.mentionable', { artifactId: quiz.id, scope: 'workspace' }, ben.auth))
        .status,
    ).toBe(404);
  });

  it('a member not listed and another workspace get 404; the library lists it to the people listed only', async () => {
    for (const auth of [ben.auth, outsider.owner.auth]) {
      expect((await call('GET', `/artifacts/${quiz.id}/review`, auth)).statusCode).toBe(404);
      expect((await trpc('query', 'review.artifact', { artifactId: quiz.id }, auth)).status).toBe(404);
      expect((await call('PUT', `/artifacts/${quiz.id}`, auth, { data: edited('x') })).statusCode).toBe(404);
      expect(
        (await trpc('mutation', 'artifacts.update', { artifactId: quiz.id, data: edited('x') }, auth)).status,
      ).toBe(404);
    }
    const listed = async (auth: Auth) =>
      (await call('GET', '/workspaces/current/library', auth)).json().entries.map((e: Json) => e.artifactId);
    expect(await listed(eve.auth)).toContain(quiz.id);
    expect(await listed(vic.auth)).toContain(quiz.id);
    expect(await listed(team.owner.auth)).toContain(quiz.id);
    expect(await listed(ben.auth)).not.toContain(quiz.id);
    expect((await trpc('query', 'review.library', {}, ben.auth)).data!.total).toBe(0);
  });

  it('a viewer editing gets 403 with the rule in words (REST and tRPC): edit, restore, Fix, versions, export', async () => {
    const rule = 'only its author and the editors it is shared with can';
    const put = await call('PUT', `/artifacts/${quiz.id}`, vic.auth, { data: edited('Vic'), baseVersion: 1 });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(put.json().error).toContain(rule);
    expect((await call('POST', `/artifacts/${quiz.id}/restore`, vic.auth, { version: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `/artifacts/${quiz.id}/fix`, vic.auth, { code: 'VAGUE_VERB', path: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/artifacts/${quiz.id}`, vic.auth)).statusCode).toBe(403);
    expect((await call('GET', `/artifacts/${quiz.id}/export?format=gift`, vic.auth)).statusCode).toBe(403);
    const viaTrpc = await trpc(
      'mutation',
      'artifacts.update',
      { artifactId: quiz.id, data: edited('Vic') },
      vic.auth,
    );
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.message).toContain(rule);
    expect((await call('GET', `/artifacts/${quiz.id}/review`, vic.auth)).json().can.edit).toBe(false);
  });

  it('an editor edits (REST and tRPC): each version is "edited by" them, as every reader sees', async () => {
    expect((await call('GET', `/artifacts/${quiz.id}/review`, eve.auth)).json()).toMatchObject({
      role: 'EDITOR',
      can: { edit: true, share: false },
    });
    const put = await call('PUT', `/artifacts/${quiz.id}`, eve.auth, {
      data: edited('Edited by Eve'),
      baseVersion: 1,
      note: 'Clearer stem',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().version).toBe(2);
    const viaTrpc = await trpc(
      'mutation',
      'artifacts.update',
      { artifactId: quiz.id, data: edited('Edited again by Eve'), baseVersion: 2 },
      eve.auth,
    );
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.data!.version).toBe(3);
    // Stale base: 409 as for the author.
    expect(
      (await call('PUT', `/artifacts/${quiz.id}`, eve.auth, { data: edited('Old'), baseVersion: 1 }))
        .statusCode,
    ).toBe(409);
    const read = await trpc('query', 'review.artifact', { artifactId: quiz.id }, vic.auth);
    expect(read.data!.versions.slice(0, 2)).toEqual([
      expect.objectContaining({ version: 3, source: 'edit', createdBy: 'Eve Tester' }),
      expect.objectContaining({ version: 2, source: 'edit', createdBy: 'Eve Tester', note: 'Clearer stem' }),
    ]);
    const own = await call('GET', `/artifacts/${quiz.id}`, dana.auth);
    expect(own.json().versions[0]).toMatchObject({ createdBy: 'Eve Tester' });
    // The version list's Export works for the editor too.
    const file = await call('GET', `/artifacts/${quiz.id}/export?format=gift`, eve.auth);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('Edited again by Eve');
    const restored = await call('POST', `/artifacts/${quiz.id}/restore`, eve.auth, { version: 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call('GET', `/artifacts/${quiz.id}`, eve.auth)).json().versions[0]).toMatchObject({
      version: 4,
      source: 'restore',
      createdBy: 'Eve Tester',
    });
  });

  it('removing a person removes their access; unsharing keeps the author’s copy and ends the editor’s', async () => {
    const removed = await trpc(
      'mutation',
      'review.share',
      { artifactId: quiz.id, workspace: false, members: [{ userId: eve.user.id, role: 'EDITOR' }] },
      dana.auth,
    );
    expect(removed.status).toBe(200);
    expect(removed.data!.members.map((m: Json) => m.userId)).toEqual([eve.user.id]);
    expect((await call('GET', `/artifacts/${quiz.id}/review`, vic.auth)).statusCode).toBe(404);
    expect((await call('GET', '/workspaces/current/library', vic.auth)).json().total).toBe(0);
    const off = await call('POST', `/artifacts/${quiz.id}/share`, dana.auth, { workspace: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ shared: false, audience: null, members: [] });
    expect((await call('PUT', `/artifacts/${quiz.id}`, eve.auth, { data: edited('x') })).statusCode).toBe(
      404,
    );
    const mine = await call('GET', `/artifacts/${quiz.id}`, dana.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().latestVersion).toBe(4);
  });
});

describe('bad input is a 400 in words, never a 500', () => {
  it('refuses malformed lists, the author, people outside the workspace; {workspace: true} alone still works', async () => {
    const quiz = await quizOf(dana.user.id);
    const share = (body: unknown) => call('POST', `/artifacts/${quiz.id}/share`, dana.auth, body);
    for (const [body, message] of [
      [{ workspace: true, members: 'eve' }, 'members must be a list of {userId, role}'],
      [{ workspace: true, members: ['eve'] }, 'members.0: Each member is {userId, role}'],
      [
        { workspace: true, members: [{ userId: eve.user.id }] },
        'members.0.role: role must be VIEWER or EDITOR',
      ],
      [
        { workspace: true, members: [{ userId: eve.user.id, role: 'OWNER' }] },
        'members.0.role: role must be VIEWER or EDITOR',
      ],
      [{ workspace: true, members: [{ role: 'EDITOR' }] }, 'members.0.userId: userId is required'],
      [
        {
          workspace: true,
          members: [
            { userId: eve.user.id, role: 'EDITOR' },
            { userId: eve.user.id, role: 'VIEWER' },
          ],
        },
        'Each person can be listed only once',
      ],
      [{ members: [{ userId: eve.user.id, role: 'EDITOR' }] }, 'workspace must be true or false'],
      [{ workspace: true, members: [{ userId: dana.user.id, role: 'EDITOR' }] }, 'The author always edits'],
      [
        { workspace: false, members: [{ userId: outsider.owner.user.id, role: 'VIEWER' }] },
        `this one is not: ${outsider.owner.user.id}`,
      ],
    ] as const) {
      const bad = await share(body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().error).toContain(message);
    }
    const viaTrpc = await trpc(
      'mutation',
      'review.share',
      { artifactId: quiz.id, workspace: true, members: [{ userId: eve.user.id, role: 'BOSS' }] },
      dana.auth,
    );
    expect(viaTrpc.status).toBe(400);
    // Nothing was shared by the refused calls; the body still shares with everyone.
    expect((await call('GET', `/artifacts/${quiz.id}/review`, dana.auth)).json().shared).toBe(false);
    const plain = await share({ workspace: true });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ shared: true, audience: 'WORKSPACE', members: [] });
    expect((await call('GET', `/artifacts/${quiz.id}/review`, ben.auth)).statusCode).toBe(200);
    // A member (or an admin) cannot choose the people: 403.
    expect(
      (
        await call('POST', `/artifacts/${quiz.id}/share`, ben.auth, {
          workspace: true,
          members: [{ userId: ben.user.id, role: 'EDITOR' }],
        })
      ).statusCode,
    ).toBe(403);
  });
});
