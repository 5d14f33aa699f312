// Review and sign-off in team workspaces (issue 39) over REST and tRPC: sharing and the library, comments (targets,
// threads, mentions, 10 kB, own edits), outside reviewers (link by mail from APP_URL, hashed token, revoked and
// expired links, approving a stale version), status bound to a version (who may, 409, an edit after approval),
// activity and notifications — each path refused to another workspace's member and to a member without access.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { quizFixture } from '../../../../packages/api/src/services/artifacts/export/test-fixtures.js';
import { createTestArtifact } from '../../../../packages/api/src/testing/artifacts.js';
import { RATE_LIMITS, createRateLimiter } from '../../../../packages/api/src/services/rate-limit.js';
import { hashInviteToken } from '../../../../packages/api/src/services/workspaces/tokens.js';
import { createTestServer, type TestServer } from '../testing.js';
import { teamOwner } from './team-test-helpers.js';

const APP_URL = 'https://app.example.com';
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer({ appUrl: APP_URL, appUrlConfigured: true });
  s.services.rateLimiter = createRateLimiter(
    undefined,
    { ...RATE_LIMITS, reviewerInvite: { ...RATE_LIMITS.reviewerInvite, points: 6 } },
    `review-${process.pid}:`,
  );
});
afterAll(async () => {
  await s?.close();
});

type Auth = { authorization: string } | undefined;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOSTILE = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: unknown) =>
  s.app.inject({ method, url: `/api${url}`, headers: { ...HOSTILE, ...auth }, payload: payload as never });
const trpc = (kind: 'query' | 'mutation', p: string, input: unknown, auth: Auth) =>
  kind === 'query'
    ? s.app.inject({
        method: 'GET',
        url: `/trpc/review.${p}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
        headers: auth ?? {},
      })
    : s.app.inject({
        method: 'POST',
        url: `/trpc/review.${p}`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ json: input }),
      });
const trpcData = (res: { json(): unknown }) =>
  (res.json() as { result: { data: { json: Json } } }).result.data.json;

async function member(workspaceId: string, firstName: string, role: 'ADMIN' | 'MEMBER' = 'MEMBER') {
  const m = await createSignedInUser(s.services, { firstName, lastName: 'Tester' });
  await s.services.db.workspaceMember.create({ data: { workspaceId, userId: m.user.id, role } });
  return m;
}

/** A quiz (the export fixture) in a new session of `userId`, at version 1. */
const storedQuiz = (userId: string) => createTestArtifact(s.services.db, userId, 'quiz', quizFixture);

/** The newest mail to `email` (decoded), or null. */
function mailTo(email: string): string | null {
  const dir = path.join(s.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return null;
  }
  const sorted = files.map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs })).sort((x, y) => y.t - x.t);
  for (const { f } of sorted) {
    const text = readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (text.includes(`To: ${email}`)) return text;
  }
  return null;
}

let team: Awaited<ReturnType<typeof teamOwner>>;
let designer: Awaited<ReturnType<typeof member>>;
let sme: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
let outsider: Awaited<ReturnType<typeof teamOwner>>;
let quiz: { id: string; sessionId: string };

beforeAll(async () => {
  team = await teamOwner(s, 10);
  designer = await member(team.workspaceId, 'Dana');
  sme = await member(team.workspaceId, 'Sam');
  admin = await member(team.workspaceId, 'Ada', 'ADMIN');
  outsider = await teamOwner(s, 3);
  quiz = await storedQuiz(designer.user.id);
});

describe('sharing and the library', () => {
  it('a member without access (not shared yet) and another workspace get 404s; the author shares', async () => {
    expect((await call('GET', `/artifacts/${quiz.id}/comments`, sme.auth)).statusCode).toBe(404);
    expect(
      (await call('POST', `/artifacts/${quiz.id}/share`, sme.auth, { workspace: true })).statusCode,
    ).toBe(404);
    const res = await call('POST', `/artifacts/${quiz.id}/share`, designer.auth, {
      workspace: true,
      tags: ['GDPR', 'compliance'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      shared: true,
      tags: ['gdpr', 'compliance'],
      review: { status: 'DRAFT' },
    });
    expect((await call('GET', `/artifacts/${quiz.id}/comments`, sme.auth)).statusCode).toBe(200);
    for (const path of ['comments', 'activity', 'review', 'reviewers'])
      expect((await call('GET', `/artifacts/${quiz.id}/${path}`, outsider.owner.auth)).statusCode).toBe(404);
    expect((await trpc('query', 'comments', { artifactId: quiz.id }, outsider.owner.auth)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/artifacts/${quiz.id}/comments`, undefined)).statusCode).toBe(401);
    expect(
      (await call('POST', `/artifacts/${quiz.id}/share`, designer.auth, { workspace: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('the library lists shared artifacts to members only, with search and filters', async () => {
    const res = await call('GET', '/workspaces/current/library', sme.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entries).toEqual([
      expect.objectContaining({
        artifactId: quiz.id,
        kind: 'quiz',
        status: 'DRAFT',
        tags: ['gdpr', 'compliance'],
      }),
    ]);
    const word = quizFixture.title.split(' ')[0]!.toLowerCase();
    expect((await call('GET', `/workspaces/current/library?q=${word}`, sme.auth)).json().total).toBe(1);
    expect((await call('GET', '/workspaces/current/library?q=nothing-like-it', sme.auth)).json().total).toBe(
      0,
    );
    expect((await call('GET', '/workspaces/current/library?kind=plan', sme.auth)).json().total).toBe(0);
    expect((await call('GET', '/workspaces/current/library?status=DRAFT', sme.auth)).json().total).toBe(1);
    expect((await call('GET', '/workspaces/current/library?tag=gdpr', sme.auth)).json().total).toBe(1);
    expect(
      (await call('GET', `/workspaces/current/library?owner=${designer.user.id}`, sme.auth)).json().total,
    ).toBe(1);
    expect((await call('GET', '/workspaces/current/library?kind=bogus', sme.auth)).statusCode).toBe(400);
    expect((await call('GET', '/workspaces/current/library', outsider.owner.auth)).json().total).toBe(0);
    const loner = await createSignedInUser(s.services, { plan: 'pro' });
    const none = await call('GET', '/workspaces/current/library', loner.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('NO_WORKSPACE');
    const viaTrpc = await trpc('query', 'library', { q: word }, sme.auth);
    expect(trpcData(viaTrpc).total).toBe(1);
  });

  it('members read the shared artifact; unsharing keeps the author’s copy', async () => {
    const other = await storedQuiz(designer.user.id);
    await call('POST', `/artifacts/${other.id}/share`, designer.auth, { workspace: true });
    const read = await trpc('query', 'artifact', { artifactId: other.id }, sme.auth);
    expect(read.statusCode, read.body).toBe(200);
    expect(trpcData(read)).toMatchObject({ id: other.id, authorName: 'Dana Tester', latestVersion: 1 });
    expect(
      (await call('POST', `/artifacts/${other.id}/share`, sme.auth, { workspace: false })).statusCode,
    ).toBe(403);
    const off = await call('POST', `/artifacts/${other.id}/share`, admin.auth, { workspace: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().shared).toBe(false);
    expect((await call('GET', `/artifacts/${other.id}`, designer.auth)).statusCode).toBe(200);
    expect((await trpc('query', 'artifact', { artifactId: other.id }, sme.auth)).statusCode).toBe(404);
  });

  it('the author edits a shared artifact’s tags; members and other workspaces may not; bad tags are 400', async () => {
    const tagged = await storedQuiz(designer.user.id);
    const share = (auth: Auth, body: unknown) => call('POST', `/artifacts/${tagged.id}/share`, auth, body);
    expect((await share(designer.auth, { workspace: true, tags: ['fire'] })).json().tags).toEqual(['fire']);
    const added = await share(designer.auth, { workspace: true, tags: ['fire', 'Safety', 'fire'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().tags).toEqual(['fire', 'safety']);
    // Sharing again without tags keeps them; the library filters by the new one.
    expect((await share(designer.auth, { workspace: true })).json().tags).toEqual(['fire', 'safety']);
    expect((await call('GET', '/workspaces/current/library?tag=safety', sme.auth)).json().entries).toEqual([
      expect.objectContaining({ artifactId: tagged.id }),
    ]);
    const removed = await trpc(
      'mutation',
      'share',
      { artifactId: tagged.id, workspace: true, tags: ['safety'] },
      designer.auth,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(trpcData(removed).tags).toEqual(['safety']);
    // A member who sees it, an admin and another workspace's owner cannot change them.
    expect((await share(sme.auth, { workspace: true, tags: [] })).statusCode).toBe(403);
    expect((await share(admin.auth, { workspace: true, tags: [] })).statusCode).toBe(403);
    expect((await share(outsider.owner.auth, { workspace: true, tags: [] })).statusCode).toBe(404);
    const viaTrpc = await trpc(
      'mutation',
      'share',
      { artifactId: tagged.id, workspace: true, tags: [] },
      sme.auth,
    );
    expect(viaTrpc.statusCode).toBe(403);
    // Bad input: a clear 400, never a 500; the tags stay.
    for (const [tags, message] of [
      [['x'.repeat(41)], 'A tag can be at most 40 characters'],
      [['  '], 'A tag cannot be empty'],
      [Array.from({ length: 11 }, (_, i) => `t${i}`), 'At most 10 tags'],
      ['fire', 'tags must be a list of words'],
      [[3], 'A tag is text'],
    ] as const) {
      const bad = await share(designer.auth, { workspace: true, tags });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.body).toContain(message);
    }
    expect((await call('GET', `/artifacts/${tagged.id}/review`, sme.auth)).json().tags).toEqual(['safety']);
  });
});

describe('comments', () => {
  it('the mention list: the members who see the artifact, with the handle the server resolves', async () => {
    const res = await call('GET', `/artifacts/${quiz.id}/mentionable`, sme.auth);
    expect(res.statusCode, res.body).toBe(200);
    const byName = new Map(res.json().members.map((m: Json) => [m.name, m.handle]));
    expect(Object.fromEntries(byName)).toEqual({
      'Olga Owner': 'Olga',
      'Dana Tester': 'Dana',
      'Ada Tester': 'Ada',
    });
    const viaTrpc = await trpc('query', 'mentionable', { artifactId: quiz.id }, designer.auth);
    expect(
      trpcData(viaTrpc)
        .members.map((m: Json) => m.name)
        .sort(),
    ).toEqual(['Ada Tester', 'Olga Owner', 'Sam Tester']);
    // Not shared: only the author sees it (and is not offered to themselves); a member gets 404.
    const own = await storedQuiz(designer.user.id);
    expect((await call('GET', `/artifacts/${own.id}/mentionable`, designer.auth)).json().members).toEqual([]);
    expect((await call('GET', `/artifacts/${own.id}/mentionable`, sme.auth)).statusCode).toBe(404);
    expect((await call('GET', `/artifacts/${quiz.id}/mentionable`, outsider.owner.auth)).statusCode).toBe(
      404,
    );
    expect(
      (await trpc('query', 'mentionable', { artifactId: quiz.id }, outsider.owner.auth)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/artifacts/${quiz.id}/mentionable`, undefined)).statusCode).toBe(401);

    // Two members called Kim, and a first name of two words: mentioned by email, as the server resolves them.
    const other = await teamOwner(s, 5);
    const kim1 = await member(other.workspaceId, 'Kim');
    const kim2 = await member(other.workspaceId, 'Kim');
    const maryAnn = await member(other.workspaceId, 'Mary Ann');
    const theirs = await storedQuiz(other.owner.user.id);
    await call('POST', `/artifacts/${theirs.id}/share`, other.owner.auth, { workspace: true });
    const handles = (await call('GET', `/artifacts/${theirs.id}/mentionable`, kim1.auth))
      .json()
      .members.map((m: Json) => m.handle)
      .sort();
    expect(handles).toEqual(['Olga', kim2.user.email, maryAnn.user.email].sort());
  });

  it('comments on item 3 with a mention of a member (notified and mailed, link from APP_URL)', async () => {
    const res = await call('POST', `/artifacts/${quiz.id}/comments`, designer.auth, {
      body: `Is the key right here, @${sme.user.email}? cc @Ada and @stranger@nowhere.example`,
      target: 'items.2',
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      target: 'items.2',
      targetLabel: 'Question 3',
      version: 1,
      mine: true,
      resolved: false,
    });
    expect(c.mentions.map((m: Json) => m.name).sort()).toEqual(['Ada Tester', 'Sam Tester']);
    await s.services.mailer.idle();
    const mail = mailTo(sme.user.email);
    expect(mail).toContain(`${APP_URL}/team/library/${quiz.id}#comment-${c.id}`);
    expect(mail).not.toContain('attacker.example');
    expect(mailTo('stranger@nowhere.example')).toBeNull();
    const n = await call('GET', '/notifications', sme.auth);
    expect(n.json().unread).toBe(1);
    expect(n.json().notifications[0]).toMatchObject({
      type: 'mention',
      artifactId: quiz.id,
      commentId: c.id,
    });
    const read = await call('POST', '/notifications/read', sme.auth, {});
    expect(read.json()).toEqual({ marked: 1 });
    expect((await call('GET', '/notifications', sme.auth)).json().unread).toBe(0);
  });

  it('refuses a missing item (404), a missing parent (404), a body over 10 kB (400), an empty one (400)', async () => {
    const post = (body: object) => call('POST', `/artifacts/${quiz.id}/comments`, sme.auth, body);
    expect((await post({ body: 'x', target: 'items.99' })).statusCode).toBe(404);
    expect((await post({ body: 'x', target: 'nodes.0' })).statusCode).toBe(404);
    expect((await post({ body: 'x', target: '__proto__' })).statusCode).toBe(404);
    expect((await post({ body: 'x', parentId: 'nope' })).statusCode).toBe(404);
    expect((await post({ body: 'é'.repeat(5121) })).statusCode).toBe(400);
    expect((await post({ body: 'a'.repeat(10 * 1024) })).statusCode).toBe(201);
    expect((await post({ body: '   ' })).statusCode).toBe(400);
    const missing = await trpc(
      'mutation',
      'addComment',
      { artifactId: quiz.id, body: 'x', target: 'items.50' },
      sme.auth,
    );
    expect(missing.statusCode).toBe(404);
    expect((await call('POST', `/artifacts/nope/comments`, sme.auth, { body: 'x' })).statusCode).toBe(404);
    expect(
      (await call('POST', `/artifacts/${quiz.id}/comments`, outsider.owner.auth, { body: 'x' })).statusCode,
    ).toBe(404);
  });

  it('rate limits comments per member (429)', async () => {
    const chatty = await member(team.workspaceId, 'Chatty');
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMITS.comment.points + 1; i++)
      codes.push(
        (await call('POST', `/artifacts/${quiz.id}/comments`, chatty.auth, { body: `note ${i}` })).statusCode,
      );
    expect(codes.slice(0, RATE_LIMITS.comment.points).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    await s.services.db.artifactComment.deleteMany({ where: { authorId: chatty.user.id } });
  });

  it('threads, edits and deletes your own only, resolves and reopens', async () => {
    const root = (
      await call('POST', `/artifacts/${quiz.id}/comments`, sme.auth, {
        body: 'Objective 1 is vague',
        target: 'objectives.0',
      })
    ).json();
    const reply = await call('POST', `/artifacts/${quiz.id}/comments`, designer.auth, {
      body: 'Fixed wording',
      parentId: root.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ parentId: root.id, target: 'objectives.0' });
    const replyToReply = await call('POST', `/artifacts/${quiz.id}/comments`, sme.auth, {
      body: 'ok',
      parentId: reply.json().id,
    });
    expect(replyToReply.json().parentId).toBe(root.id);
    expect((await call('PUT', `/comments/${root.id}`, designer.auth, { body: 'hijack' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/comments/${root.id}`, designer.auth)).statusCode).toBe(403);
    expect((await call('PUT', `/comments/${root.id}`, outsider.owner.auth, { body: 'x' })).statusCode).toBe(
      404,
    );
    const edited = await call('PUT', `/comments/${root.id}`, sme.auth, { body: 'Objective 1 is too vague' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().editedAt).not.toBeNull();
    const resolved = await call('POST', `/comments/${reply.json().id}/resolve`, designer.auth, {});
    expect(resolved.json()).toMatchObject({ id: root.id, resolved: true });
    const reopened = await call('POST', `/comments/${root.id}/resolve`, designer.auth, { resolved: false });
    expect(reopened.json().resolved).toBe(false);
    expect((await call('POST', `/comments/${root.id}/resolve`, outsider.owner.auth, {})).statusCode).toBe(
      404,
    );
    const list = (await call('GET', `/artifacts/${quiz.id}/comments`, sme.auth)).json();
    expect(list.comments.filter((x: Json) => x.parentId === root.id)).toHaveLength(2);
    expect((await call('DELETE', `/comments/${replyToReply.json().id}`, sme.auth)).statusCode).toBe(200);
    expect((await call('DELETE', `/comments/${replyToReply.json().id}`, sme.auth)).statusCode).toBe(404);
    // The author hears of comments on their artifact.
    const n = (await call('GET', '/notifications', designer.auth)).json();
    expect(n.notifications.some((x: Json) => x.type === 'comment' && x.artifactId === quiz.id)).toBe(true);
  });
});

describe('outside reviewers and status', () => {
  let token = '';
  let reviewerId = '';

  it('only the author and owners/admins invite; the answer has no token; the mail link uses APP_URL', async () => {
    expect(
      (await call('POST', `/artifacts/${quiz.id}/reviewers`, sme.auth, { email: 'rita@client.example' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/artifacts/${quiz.id}/reviewers`, outsider.owner.auth, {
          email: 'rita@client.example',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/artifacts/${quiz.id}/reviewers`, designer.auth, { email: 'not an email' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/artifacts/${quiz.id}/reviewers`, designer.auth, { email: sme.user.email }))
        .statusCode,
    ).toBe(409);
    const res = await call('POST', `/artifacts/${quiz.id}/reviewers`, designer.auth, {
      email: 'Rita@Client.example',
      message: 'Please check the answer keys.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reviewer).toMatchObject({ email: 'rita@client.example', status: 'active' });
    expect(JSON.stringify(res.json())).not.toMatch(/token/i);
    reviewerId = res.json().reviewer.id;
    await s.services.mailer.idle();
    const mail = mailTo('rita@client.example')!;
    const m = new RegExp(`${APP_URL.replace(/\./g, '\\.')}/review/([A-Za-z0-9_-]{43})`).exec(mail);
    expect(m, mail).not.toBeNull();
    expect(mail).not.toContain('attacker.example');
    token = m![1]!;
    const stored = await s.services.db.artifactReviewer.findUniqueOrThrow({ where: { id: reviewerId } });
    expect(stored.tokenHash).toBe(hashInviteToken(token));
    expect(stored.tokenHash).not.toContain(token);
    const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
  });

  it('the link opens the focused review; the reviewer comments', async () => {
    const page = await call('GET', `/review/${token}`, undefined);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      artifact: { id: quiz.id, version: 1, kind: 'quiz' },
      reviewer: { email: 'rita@client.example' },
      review: { status: 'DRAFT' },
    });
    expect(page.json().comments.length).toBeGreaterThan(0);
    const c = await call('POST', `/review/${token}/comments`, undefined, {
      body: 'Key of question 2 is wrong',
      target: 'items.1',
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({
      byReviewer: true,
      authorName: 'rita@client.example',
      targetLabel: 'Question 2',
    });
    expect(
      (await call('POST', `/review/${token}/comments`, undefined, { body: 'x', target: 'items.77' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/review/${'x'.repeat(43)}`, undefined)).statusCode).toBe(404);
    expect((await call('GET', '/review/bad%20token', undefined)).statusCode).toBe(400);
  });

  it('status: members cannot approve; only the latest version; an edit after approval returns to In review', async () => {
    const submit = await call('POST', `/artifacts/${quiz.id}/status`, designer.auth, {
      status: 'IN_REVIEW',
      version: 1,
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json().status).toBe('IN_REVIEW');
    expect(
      (await call('POST', `/artifacts/${quiz.id}/status`, sme.auth, { status: 'IN_REVIEW', version: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/artifacts/${quiz.id}/status`, designer.auth, { status: 'APPROVED', version: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/artifacts/${quiz.id}/status`, outsider.owner.auth, {
          status: 'APPROVED',
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/artifacts/${quiz.id}/status`, admin.auth, { status: 'DONE', version: 1 }))
        .statusCode,
    ).toBe(400);
    const changes = await call('POST', `/artifacts/${quiz.id}/status`, admin.auth, {
      status: 'CHANGES_REQUESTED',
      version: 1,
    });
    expect(changes.json().status).toBe('CHANGES_REQUESTED');

    // The designer edits: version 2.
    const edited = structuredClone(quizFixture);
    edited.items[0]!.stem = `${edited.items[0]!.stem} (edited)`;
    const put = await call('PUT', `/artifacts/${quiz.id}`, designer.auth, { data: edited, baseVersion: 1 });
    expect(put.statusCode, put.body).toBe(200);

    // The reviewer requests changes to version 2 (the latest only; bad input is 400, an unknown link 404).
    const requestChanges = (t: string, body: unknown) =>
      call('POST', `/review/${t}/request-changes`, undefined, body);
    const staleChanges = await requestChanges(token, { version: 1 });
    expect(staleChanges.statusCode).toBe(409);
    expect(staleChanges.json()).toMatchObject({ code: 'VERSION_NOT_LATEST', latestVersion: 2 });
    expect((await requestChanges(token, { version: 'two' })).statusCode).toBe(400);
    expect((await requestChanges(token, {})).statusCode).toBe(400);
    expect((await requestChanges('A'.repeat(43), { version: 2 })).statusCode).toBe(404);
    const asked = await requestChanges(token, { version: 2 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'CHANGES_REQUESTED', statusVersion: 2 });
    const viaTrpcChanges = await trpc('mutation', 'reviewerRequestChanges', { token, version: 2 }, undefined);
    expect(viaTrpcChanges.statusCode, viaTrpcChanges.body).toBe(200);
    const told = (await call('GET', '/notifications', designer.auth)).json().notifications[0];
    expect(told).toMatchObject({ type: 'status', artifactId: quiz.id });
    expect(told.text).toContain('rita@client.example set');
    const entry = (await call('GET', `/artifacts/${quiz.id}/activity`, sme.auth))
      .json()
      .entries.find((e: Json) => e.type === 'status_changed');
    expect(entry).toMatchObject({
      actorName: 'rita@client.example',
      details: 'Changes requested (version 2)',
    });

    const stale = await call('POST', `/review/${token}/approve`, undefined, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_NOT_LATEST', latestVersion: 2 });
    const staleAdmin = await trpc(
      'mutation',
      'setStatus',
      { artifactId: quiz.id, status: 'APPROVED', version: 1 },
      admin.auth,
    );
    expect(staleAdmin.statusCode).toBe(409);
    const ok = await call('POST', `/review/${token}/approve`, undefined, { version: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'APPROVED', approvedVersion: 2 });
    expect(ok.json().approvals[0]).toMatchObject({
      version: 2,
      approverEmail: 'rita@client.example',
      byReviewer: true,
    });

    // An edit after approval: In review again, with the changes since version 2.
    edited.items[1]!.stem = `${edited.items[1]!.stem} (again)`;
    expect(
      (await call('PUT', `/artifacts/${quiz.id}`, designer.auth, { data: edited, baseVersion: 2 }))
        .statusCode,
    ).toBe(200);
    const state = (await call('GET', `/artifacts/${quiz.id}/review`, sme.auth)).json();
    expect(state.review).toMatchObject({
      status: 'IN_REVIEW',
      approvedVersion: 2,
      changedSinceApproval: true,
    });
    expect(state.review.changesSinceApproval).toEqual([expect.objectContaining({ path: 'items.1.stem' })]);
    const lib = (await call('GET', '/workspaces/current/library?status=IN_REVIEW', sme.auth)).json();
    expect(lib.entries[0]).toMatchObject({ artifactId: quiz.id, version: 3, approvedVersion: 2 });

    const byOwner = await call('POST', `/artifacts/${quiz.id}/status`, team.owner.auth, {
      status: 'APPROVED',
      version: 3,
    });
    expect(byOwner.json()).toMatchObject({ status: 'APPROVED', approvedVersion: 3 });
  });

  it('revoked and expired links are refused (410) over REST and tRPC', async () => {
    expect((await call('DELETE', `/artifacts/${quiz.id}/reviewers/${reviewerId}`, sme.auth)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/artifacts/${quiz.id}/reviewers/nope`, designer.auth)).statusCode).toBe(
      404,
    );
    const revoked = await call('DELETE', `/artifacts/${quiz.id}/reviewers/${reviewerId}`, admin.auth);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().reviewer.status).toBe('revoked');
    for (const res of [
      await call('GET', `/review/${token}`, undefined),
      await call('POST', `/review/${token}/comments`, undefined, { body: 'still here?' }),
      await call('POST', `/review/${token}/approve`, undefined, { version: 3 }),
      await call('POST', `/review/${token}/request-changes`, undefined, { version: 3 }),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('REVIEW_LINK_REVOKED');
    }
    const viaTrpc = await trpc('query', 'reviewPage', { token }, undefined);
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.body).toContain('REVIEW_LINK_REVOKED');

    const again = await call('POST', `/artifacts/${quiz.id}/reviewers`, designer.auth, {
      email: 'late@client.example',
    });
    await s.services.mailer.idle();
    const late = /\/review\/([A-Za-z0-9_-]{43})/.exec(mailTo('late@client.example')!)![1]!;
    await s.services.db.artifactReviewer.update({
      where: { id: again.json().reviewer.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await call('GET', `/review/${late}`, undefined);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('REVIEW_LINK_EXPIRED');
    const list = (await call('GET', `/artifacts/${quiz.id}/reviewers`, designer.auth)).json();
    expect(list.reviewers.map((r: Json) => r.status).sort()).toEqual(['expired', 'revoked']);
  });

  it('rate limits reviewer invites per user (429)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await call('POST', `/artifacts/${quiz.id}/reviewers`, designer.auth, {
            email: `r${i}@client.example`,
          })
        ).statusCode,
      );
    expect(codes).toContain(429);
    expect(codes.slice(codes.indexOf(429)).every((c) => c === 429)).toBe(true);
  });

  it('activity lists created, edited, shared, commented, reviewer invited, status changed and approved', async () => {
    const res = await call('GET', `/artifacts/${quiz.id}/activity`, sme.auth);
    expect(res.statusCode).toBe(200);
    const types = new Set(res.json().entries.map((e: Json) => e.type));
    for (const t of [
      'created',
      'edited',
      'shared',
      'commented',
      'reviewer_invited',
      'reviewer_revoked',
      'status_changed',
      'approved',
    ])
      expect(types, t).toContain(t);
    const dates = res.json().entries.map((e: Json) => Date.parse(e.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((await trpc('query', 'activity', { artifactId: quiz.id }, outsider.owner.auth)).statusCode).toBe(
      404,
    );
  });
});

describe('the storyboard (format=storyboard)', () => {
  it('a Word design document of the session with objectives, items and keys, open comments and the approval', async () => {
    const res = await call(
      'GET',
      `/assistant/sessions/${quiz.sessionId}/export?format=storyboard`,
      designer.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toMatch(/storyboard\.docx/);
    const { value: text } = await mammoth.extractRawText({ buffer: res.rawPayload });
    for (const part of ['1. Objectives', '4. Assessment items and keys', '7. Open comments', '8. Approval'])
      expect(text).toContain(part);
    expect(text).toContain(quizFixture.objectives[0]!.text);
    expect(text).toContain(quizFixture.items[2]!.stem);
    expect(text).toContain('(correct)');
    expect(text).toContain('Objective 1 is too vague');
    expect(text).toContain('Olga Owner');
    expect(text).toMatch(/Approved\s*3/);
    // A member gets the shared artifacts of the session; another workspace and a bad format are refused.
    const bySme = await call(
      'GET',
      `/assistant/sessions/${quiz.sessionId}/export?format=storyboard`,
      sme.auth,
    );
    expect(bySme.statusCode).toBe(200);
    expect(
      (
        await call(
          'GET',
          `/assistant/sessions/${quiz.sessionId}/export?format=storyboard`,
          outsider.owner.auth,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/assistant/sessions/${quiz.sessionId}/export?format=gift`, designer.auth))
        .statusCode,
    ).toBe(400);
    const viaTrpc = await trpc('query', 'storyboard', { sessionId: quiz.sessionId }, designer.auth);
    expect(trpcData(viaTrpc).filename).toMatch(/storyboard\.docx$/);
    const activity = (await call('GET', `/artifacts/${quiz.id}/activity`, designer.auth)).json();
    expect(
      activity.entries.some((e: Json) => e.type === 'exported' && e.details === 'Storyboard (Word)'),
    ).toBe(true);
  });

  it('a GIFT export is activity too, and owners see the activity in the team usage log', async () => {
    const gift = await call('GET', `/artifacts/${quiz.id}/export?format=gift`, designer.auth);
    expect(gift.statusCode, gift.body).toBe(200);
    const activity = (await call('GET', `/artifacts/${quiz.id}/activity`, sme.auth)).json();
    expect(activity.entries[0]).toMatchObject({
      type: 'exported',
      details: 'gift',
      actorName: 'Dana Tester',
    });
    const usage = await call('GET', '/workspaces/current/usage?limit=200', team.owner.auth);
    expect(usage.statusCode, usage.body).toBe(200);
    const text = JSON.stringify(usage.json());
    expect(text).toContain(`Artifact ${quiz.id}: commented`);
    expect(text).toContain(`Artifact ${quiz.id}: approved`);
    expect((await call('GET', '/workspaces/current/usage', sme.auth)).statusCode).toBe(403);
  });
});
