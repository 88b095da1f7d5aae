import type { AccountMessageKey } from "../account.ts";

/**
 * Every error code the API answers, in one typed list, grouped by area (the doc named beside each group says when
 * each is answered). An error body is always `{ code, message }` (plus fields that help recovering, such as the waiting
 * deposit or the changed rates); the app translates `code`, never `message`.
 *
 * The server's `AppError` takes only an `ErrorCode`, so a misspelt code fails the typecheck; the app maps codes
 * to its own wording with this type. Validation errors answer a message key of the shared schemas
 * (ACCOUNT_MESSAGES in src/domain/account.ts, e.g. `requestInvalid`, `textInvalid`) as their code: those are
 * part of `ErrorCode` too.
 */
export const ERROR_CODES = [
  // Platform: answered before any route runs (docs/security.md "Bad input", "Hosts", "Where the tokens live").
  "CONTENT_TYPE_UNSUPPORTED",
  "CSRF_REFUSED",
  "HEADERS_TOO_LARGE",
  "INTERNAL",
  "JSON_INVALID",
  "NOT_ALLOW_DOMAIN",
  "NOT_FOUND",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "REQUEST_INVALID",
  "REQUEST_MALFORMED",
  "REQUEST_TIMEOUT",
  "SERVER_BUSY",
  "URL_INVALID",
  "VALIDATION",
  // Sessions and access.
  "FORBIDDEN",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "UNAUTHORIZED",
  "USER_DISABLED",
  // Accounts.
  "ACCOUNT_SUSPENDED",
  "DATA_IS_NULL",
  "INVALID_CREDENTIALS",
  "LINE_ALREADY_LINKED",
  "LINE_LOGIN_FAILED",
  "LINE_OTHER_BROWSER",
  "LOGIN_LOCKED",
  "NAME_FROZEN",
  "OLD_PASSWORD_WRONG",
  "OTP_INVALID",
  "PIN_REQUIRED",
  "PIN_WRONG",
  "RECAPTCHA",
  "USERNAME_TAKEN",
  // Money: amounts, banks, deposits, withdrawals, the bank feed (docs/wallet-api.md).
  "AMOUNT_INVALID",
  "AMOUNT_WHOLE_BAHT",
  "BANK_ACCOUNT_INVALID",
  "BANK_ACCOUNT_TAKEN",
  "BANK_HOLDER_MISMATCH",
  "BANK_LIMIT",
  "BANK_NOT_FOUND",
  "BANK_NOT_OWN",
  "BANK_UNKNOWN",
  "CHANNEL_UNAVAILABLE",
  "DEMO_NOT_APPLICABLE",
  "DEPOSIT_BUSY",
  "DEPOSIT_EXPIRED",
  "DEPOSIT_NOT_CANCELLABLE",
  "DEPOSIT_NOT_FOUND",
  "DEPOSIT_NOT_PENDING",
  "DEPOSIT_RANGE",
  "DEPOSIT_TIME",
  "DEPOSIT_WAITING",
  "IDEMPOTENCY_CONFLICT",
  "INSUFFICIENT_FUNDS",
  "LINE_LINKED",
  "LINE_MATCHED",
  "LINE_NOT_FOUND",
  "NAME_REQUIRED",
  "PROMPTPAY_INVALID",
  "REPLAYED",
  "SIGNATURE_EXPIRED",
  "SIGNATURE_INVALID",
  "VOUCHER_INVALID",
  "VOUCHER_REJECTED",
  "VOUCHER_USED",
  "WITHDRAW_BANK_MISMATCH",
  "WITHDRAW_INTERNAL",
  "WITHDRAW_MAX_COUNT",
  "WITHDRAW_MAX_PER_DAY",
  "WITHDRAW_MAX_PER_TIME",
  "WITHDRAW_MIN",
  "WITHDRAW_PENDING",
  "WITHDRAWAL_DECIDED",
  "WITHDRAWAL_NOT_FOUND",
  "WITHDRAWAL_REVIEW_REQUIRED",
  // Four eyes (docs/security.md "Money under four eyes").
  "FOUR_EYES",
  "PROPOSAL_DECIDED",
  "PROPOSAL_NOT_FOUND",
  "PROPOSAL_WAITING",
  "REASON_REQUIRED",
  // Lotto: slips, rounds, rates, number sets (docs/lotto-api.md).
  "CANCEL_NOT_ALLOWED",
  "CANCEL_TOO_LATE",
  "LINE_DUPLICATE",
  "NUMBER_INVALID",
  "NUMBER_SET_EMPTY",
  "NUMBER_SET_LIMIT",
  "NUMBER_SET_NAME_INVALID",
  "NUMBER_SET_NAME_TAKEN",
  "NUMBER_SET_NOT_FOUND",
  "NUMBER_SET_TOO_LONG",
  "OPTION_NOT_OFFERED",
  "OPTION_UNKNOWN",
  "OVER_ROUND_MAX",
  "POY_NOT_CANCELLABLE",
  "POY_NOT_FOUND",
  "PRICE_INVALID",
  "PRICE_OUT_OF_RANGE",
  "RATE_CHANGED",
  "RESTRICTION_INVALID",
  "ROUND_CLOSED",
  "ROUND_MISMATCH",
  "ROUND_NOT_FOUND",
  "SLIP_EMPTY",
  "SLIP_TOO_LONG",
  // Results, draws and yeekee shooting (docs/results-api.md).
  "BET_INVALID",
  "DATE_INVALID",
  "INTERNAL_DRAW",
  "NOT_YEEKEE",
  "NOT_YET_PUBLISHED",
  "NOTE_REQUIRED",
  "NOTE_TOO_LONG",
  "RESULT_INVALID",
  "RESULT_NOT_FOUND",
  "RESULT_NOT_PROPOSED",
  "RESULT_SOURCE_MISMATCH",
  "RESULT_UNCHANGED",
  "ROUND_CANCELLED",
  "ROUND_HAS_RESULT",
  "ROUND_IN_PROGRESS",
  "ROUND_NOT_CLOSED",
  "SHOOTING_CLOSED",
  "YING_INVALID",
  "YING_LIMIT",
  "YING_TOO_FAST",
  // Push (docs/decisions.md "Push notifications").
  "PUSH_PROVIDER_MISMATCH",
  // Games (docs/games-api.md).
  "BET_NOT_CONFIRMED",
  "CLIENT_SEED_INVALID",
  "GAME_NOT_FOUND",
  "NOT_ENOUGH_MONEY",
  "PROVIDER_ERROR",
  "PROVIDER_UNAVAILABLE",
  "SEED_UNAVAILABLE",
  "WALLET_REFUSED",
  "WALLET_UNAVAILABLE",
  "WRONG_CURRENCY",
] as const;

/** A code of ERROR_CODES, or a validation message key of the shared schemas. */
export type ErrorCode = (typeof ERROR_CODES)[number] | AccountMessageKey;

/** What every error answer carries. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
}

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether a code from an answer is one of ERROR_CODES (a validation key is checked with isAccountMessageKey). */
export function isErrorCode(value: unknown): value is (typeof ERROR_CODES)[number] {
  return typeof value === "string" && KNOWN.has(value);
}
