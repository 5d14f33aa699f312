// Issue 39 review and sign-off over REST: the same `review` procedures as /trpc through the shared adapter.
import { sendFile } from './artifacts.js';
import { bodyField, type RestRouter } from './route.js';

export function reviewRoutes(r: RestRouter) {
  // {workspace: true|false, members?: [{userId, role: 'VIEWER' | 'EDITOR'}], tags?}: docs/decisions/review.md.
  r.post('/artifacts/:id/share', (c, { params, body }) =>
    c.review.share({
      artifactId: params.id!,
      workspace: bodyField(body, 'workspace') as boolean,
      ...(bodyField(body, 'members') !== undefined ? { members: bodyField(body, 'members') as never } : {}),
      ...(bodyField(body, 'tags') !== undefined ? { tags: bodyField(body, 'tags') as string[] } : {}),
    }),
  );
  r.get('/artifacts/:id/review', (c, { params }) => c.review.state({ artifactId: params.id! }));
  r.get('/artifacts/:id/mentionable', (c, { params, query }) =>
    c.review.mentionable({ artifactId: params.id!, scope: (query.scope || undefined) as never }),
  );
  r.get('/workspaces/current/library', (c, { query }) =>
    c.review.library({
      q: query.q || undefined,
      kind: (query.kind || undefined) as never,
      status: (query.status || undefined) as never,
      owner: query.owner || undefined,
      tag: query.tag || undefined,
      page: (query.page || undefined) as never,
    }),
  );
  r.get('/artifacts/:id/comments', (c, { params }) => c.review.comments({ artifactId: params.id! }));
  r.post(
    '/artifacts/:id/comments',
    (c, { params, body }) =>
      c.review.addComment({
        artifactId: params.id!,
        body: bodyField(body, 'body') as string,
        target: bodyField(body, 'target') as string | undefined,
        parentId: bodyField(body, 'parentId') as string | undefined,
      }),
    { status: 201 },
  );
  r.put('/comments/:id', (c, { params, body }) =>
    c.review.editComment({ commentId: params.id!, body: bodyField(body, 'body') as string }),
  );
  r.delete('/comments/:id', (c, { params }) => c.review.deleteComment({ commentId: params.id! }));
  r.post('/comments/:id/resolve', (c, { params, body }) =>
    c.review.resolveComment({
      commentId: params.id!,
      ...(bodyField(body, 'resolved') !== undefined
        ? { resolved: bodyField(body, 'resolved') as boolean }
        : {}),
    }),
  );
  r.get('/artifacts/:id/reviewers', (c, { params }) => c.review.reviewers({ artifactId: params.id! }));
  r.post(
    '/artifacts/:id/reviewers',
    (c, { params, body }) =>
      c.review.inviteReviewer({
        artifactId: params.id!,
        email: bodyField(body, 'email') as string,
        message: bodyField(body, 'message') as string | undefined,
      }),
    { status: 201 },
  );
  r.delete('/artifacts/:id/reviewers/:reviewerId', (c, { params }) =>
    c.review.revokeReviewer({ artifactId: params.id!, reviewerId: params.reviewerId! }),
  );
  r.get('/review/:token', (c, { params }) => c.review.reviewPage({ token: params.token! }));
  r.post(
    '/review/:token/comments',
    (c, { params, body }) =>
      c.review.reviewerComment({
        token: params.token!,
        body: bodyField(body, 'body') as string,
        target: bodyField(body, 'target') as string | undefined,
        parentId: bodyField(body, 'parentId') as string | undefined,
      }),
    { status: 201 },
  );
  r.post('/review/:token/approve', (c, { params, body }) =>
    c.review.reviewerApprove({ token: params.token!, version: bodyField(body, 'version') as number }),
  );
  r.post('/review/:token/request-changes', (c, { params, body }) =>
    c.review.reviewerRequestChanges({ token: params.token!, version: bodyField(body, 'version') as number }),
  );
  r.post('/artifacts/:id/status', (c, { params, body }) =>
    c.review.setStatus({
      artifactId: params.id!,
      status: bodyField(body, 'status') as never,
      version: bodyField(body, 'version') as number,
    }),
  );
  r.get('/artifacts/:id/activity', (c, { params }) => c.review.activity({ artifactId: params.id! }));
  r.get('/assistant/sessions/:id/export', async (c, { params, query, reply }) => {
    const file = await c.review.storyboard({ sessionId: params.id!, format: query.format as never });
    return sendFile(reply, file);
  });
  r.get('/notifications', (c) => c.review.notifications());
  r.post('/notifications/read', (c, { body }) =>
    c.review.readNotifications({
      ...(bodyField(body, 'ids') !== undefined ? { ids: bodyField(body, 'ids') as string[] } : {}),
    }),
  );
}
