// Rate limits via rate-limiter-flexible: in memory by default, in Redis when REDIS_URL is set so
// several server instances share the counters.
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { appError } from '../errors.js';
import { ERROR_CODES } from '../schemas/error-codes.js';

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
  /** Message for the 429 answer. */
  message: string;
}

/** The named limits of the product. Values are per key (an IP, an account, a user). */
export const RATE_LIMITS = {
  /** Failed logins per IP (across accounts). */
  login: {
    points: 10,
    durationSeconds: 15 * 60,
    message: 'Too many login attempts. Please try again in a few minutes.',
  },
  /** Failed logins per account from one IP: someone else's failures never lock the owner out elsewhere. */
  loginPair: {
    points: 5,
    durationSeconds: 15 * 60,
    message: 'Too many login attempts. Please try again in a few minutes.',
  },
  /** Failed logins per account from anywhere: never refuses, only slows every attempt (see loginDelayMs). */
  loginAccount: {
    points: 1_000_000,
    durationSeconds: 60 * 60,
    message: 'Too many login attempts. Please try again in a few minutes.',
  },
  forgotPassword: {
    points: 10,
    durationSeconds: 15 * 60,
    message: 'Too many password reset requests. Please try again later.',
  },
  resendVerification: {
    points: 10,
    durationSeconds: 15 * 60,
    message: 'Too many verification emails requested. Please try again later.',
  },
  /** Email changes per user: each one mails both addresses. */
  emailChange: {
    points: 5,
    durationSeconds: 60 * 60,
    message: 'Too many email changes. Please try again later.',
  },
  register: {
    points: 20,
    durationSeconds: 60 * 60,
    message: 'Too many sign-up attempts. Please try again later.',
  },
  chatSend: {
    points: 20,
    durationSeconds: 60,
    message: 'Rate limit exceeded. Please wait a moment before sending another message.',
  },
  /** New chat or assistant sessions per user. */
  sessionCreate: {
    points: 30,
    durationSeconds: 60,
    message: 'Too many new sessions. Please wait a moment and try again.',
  },
  upload: {
    points: 30,
    durationSeconds: 60,
    message: 'Too many uploads. Please wait a moment and try again.',
  },
  /** Comments per member or outside reviewer (each may notify and mail mentioned members; issue 39). */
  comment: {
    points: 30,
    durationSeconds: 60,
    message: 'Too many comments. Please wait a moment and try again.',
  },
  /** Outside reviewers invited per user (each one mails a link; issue 39). */
  reviewerInvite: {
    points: 20,
    durationSeconds: 60 * 60,
    message: 'Too many reviewer invitations. Please try again later.',
  },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /** Consumes one point for key under the named rule; throws a 429 TRPCError when exhausted. */
  consume(name: RateLimitName, key: string): Promise<void>;
  /** Frees the key (e.g. after a successful login). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Gives back one consumed point (a successful login does not count against its IP). */
  refund(name: RateLimitName, key: string): Promise<void>;
  /** Records one point without ever refusing (a failure counted for a delay, not a block). */
  penalize(name: RateLimitName, key: string): Promise<void>;
  /** Points consumed by key in the current window. */
  consumed(name: RateLimitName, key: string): Promise<number>;
}

export function createRateLimiter(
  redis?: Redis,
  rules: Record<RateLimitName, RateLimitRule> = RATE_LIMITS,
  /** Namespaces keys (tests give each server its own so parallel files sharing Redis don't collide). */
  namespace = '',
): RateLimiter {
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  const get = (name: RateLimitName) => {
    let l = limiters.get(name);
    if (!l) {
      const r = rules[name];
      const opts = { points: r.points, duration: r.durationSeconds, keyPrefix: `rl:${namespace}${name}` };
      l = redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts);
      limiters.set(name, l);
    }
    return l;
  };
  return {
    async consume(name, key) {
      try {
        await get(name).consume(key, 1);
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          throw appError('TOO_MANY_REQUESTS', rules[name].message, {
            appCode: ERROR_CODES.RATE_LIMITED,
            extra: { retryAfterSeconds: Math.ceil(err.msBeforeNext / 1000) },
          });
        }
        throw err;
      }
    },
    async reset(name, key) {
      await get(name).delete(key);
    },
    async refund(name, key) {
      await get(name).reward(key, 1);
    },
    async penalize(name, key) {
      await get(name).penalty(key, 1);
    },
    async consumed(name, key) {
      return (await get(name).get(key))?.consumedPoints ?? 0;
    },
  };
}
