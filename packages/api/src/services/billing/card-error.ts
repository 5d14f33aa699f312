// A declined card as the client sees it: 402 with code `card_error`, the provider's message and decline code.
import { appError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import type { CardError } from './types.js';

export function cardError(err: CardError) {
  return appError('PAYMENT_REQUIRED', err.message, {
    appCode: ERROR_CODES.CARD_ERROR,
    httpStatus: 402,
    extra: err.declineCode ? { declineCode: err.declineCode } : undefined,
  });
}
