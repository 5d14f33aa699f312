import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGE, SEND_FAILED_MESSAGE, sendErrorMessage, sendErrorToast } from './chat-utils';

describe('chat send errors', () => {
  it('maps send errors to the texts of SPEC §8', () => {
    expect(sendErrorMessage({ message: 'x', data: { httpStatus: 429 } })).toBe(RATE_LIMIT_MESSAGE);
    expect(sendErrorMessage({ message: 'x', data: { code: 'TOO_MANY_REQUESTS' } })).toBe(RATE_LIMIT_MESSAGE);
    expect(sendErrorMessage({ message: 'x', data: { appCode: 'RATE_LIMITED' } })).toBe(RATE_LIMIT_MESSAGE);
    expect(sendErrorMessage({ message: 'Your free trial has expired.' })).toBe(
      'Your free trial has expired.',
    );
    expect(sendErrorMessage(new TypeError('Failed to fetch'))).toBe(SEND_FAILED_MESSAGE);
    expect(sendErrorMessage(undefined)).toBe(SEND_FAILED_MESSAGE);
  });

  it("offers 'Upgrade' on quota and inactive-subscription errors only", () => {
    const quota =
      'You have used all messages included in your plan for this period. Upgrade your plan to keep going.';
    expect(sendErrorToast({ message: quota, data: { httpStatus: 402, appCode: 'QUOTA_EXCEEDED' } })).toEqual({
      message: quota,
      upgrade: true,
    });
    const expired = 'Your free trial has expired. Upgrade your plan to continue using the assistant.';
    expect(sendErrorToast({ message: expired, data: { appCode: 'SUBSCRIPTION_INACTIVE' } })).toEqual({
      message: expired,
      upgrade: true,
    });
    // Everything else keeps the SPEC §8 texts, without the action.
    expect(sendErrorToast({ message: 'x', data: { httpStatus: 429, appCode: 'RATE_LIMITED' } })).toEqual({
      message: RATE_LIMIT_MESSAGE,
      upgrade: false,
    });
    expect(sendErrorToast({ message: 'Generation cancelled', data: { appCode: 'CANCELLED' } })).toEqual({
      message: 'Generation cancelled',
      upgrade: false,
    });
    expect(sendErrorToast(new TypeError('Failed to fetch'))).toEqual({
      message: SEND_FAILED_MESSAGE,
      upgrade: false,
    });
    expect(sendErrorToast(null)).toEqual({ message: SEND_FAILED_MESSAGE, upgrade: false });
  });
});
