// The app router: one router per domain. Each domain's issue fills in its file.
import { router } from '../trpc.js';
import { adminRouter } from './admin.js';
import { artifactsRouter } from './artifacts.js';
import { assistantRouter } from './assistant.js';
import { authRouter } from './auth.js';
import { billingRouter } from './billing.js';
import { chatRouter } from './chat.js';
import { filesRouter } from './files.js';
import { reviewRouter } from './review.js';
import { subscriptionsRouter } from './subscriptions.js';
import { systemRouter } from './system.js';
import { workspacesRouter } from './workspaces.js';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  subscriptions: subscriptionsRouter,
  billing: billingRouter,
  assistant: assistantRouter,
  artifacts: artifactsRouter,
  chat: chatRouter,
  files: filesRouter,
  admin: adminRouter,
  workspaces: workspacesRouter,
  review: reviewRouter,
});

export type AppRouter = typeof appRouter;
