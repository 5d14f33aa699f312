// Usage logs feed the admin Usage Logs screen. Writing one never fails the request it describes.
import type { Db } from '@app/db';
import type { Logger } from './logger.js';

/** Action names shown by the admin action filter (SPEC §2 Usage Logs). */
export const USAGE_ACTIONS = {
  CHAT_MESSAGE: 'CHAT_MESSAGE',
  STREAMING_CHAT: 'STREAMING_CHAT',
  USER_LOGIN: 'USER_LOGIN',
  SUBSCRIPTION: 'SUBSCRIPTION',
  ADMIN_ACCESS: 'ADMIN_ACCESS',
  BILLING: 'BILLING',
} as const;
export type UsageAction = (typeof USAGE_ACTIONS)[keyof typeof USAGE_ACTIONS];

export interface UsageEntry {
  userId?: string | null;
  action: UsageAction;
  endpoint: string;
  status?: 'success' | 'error' | 'warning';
  /** Credits consumed (1 per chat exchange). */
  usage?: number;
  details?: string;
  isTest?: boolean;
}

export interface UsageLogger {
  log(entry: UsageEntry): Promise<void>;
}

export function createUsageLogger(db: Db, log: Logger): UsageLogger {
  return {
    async log(e) {
      try {
        await db.usageLog.create({
          data: {
            userId: e.userId ?? null,
            action: e.action,
            endpoint: e.endpoint,
            status: e.status ?? 'success',
            usage: e.usage ?? 0,
            details: e.details?.slice(0, 2000),
            isTest: e.isTest ?? false,
          },
        });
      } catch (err) {
        log.warn({ err }, 'usage log write failed');
      }
    },
  };
}
