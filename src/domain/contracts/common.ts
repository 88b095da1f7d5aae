import * as v from "valibot";
import { integer, text } from "../text.ts";

/**
 * What every API contract is built from (src/domain/contracts, docs/architecture.md "Contracts"): the shared
 * request fields and the shapes money and time take on the wire. Strings are built from src/domain/text.ts's
 * primitives only (docs/security.md "Bad input"); messages are keys of ACCOUNT_MESSAGES, which the server
 * answers as the error code and the app translates.
 */

/** Money on the wire: baht as a string with two decimals ("100.37"); never a float. */
export type Baht = string;
/** A time on the wire: ISO 8601 in UTC ("2026-11-28T02:00:00.000Z"). */
export type IsoTime = string;

/** A client-made key that makes a create call safe to retry (docs/wallet-api.md "Idempotency"). */
export const IdempotencyKey = v.pipe(
  text(100),
  v.minLength(8, "requestInvalid"),
  v.maxLength(100, "requestInvalid"),
  v.regex(/^[\w:.-]+$/, "requestInvalid"),
);

/** A row id (a bigserial column): digits, as a JSON number or a string, at most 18 of them; read as a bigint. */
export const Id = v.pipe(
  v.union([text(20), v.number("requestInvalid")], "requestInvalid"),
  v.transform((x) => String(x)),
  v.regex(/^\d{1,18}$/, "requestInvalid"),
  v.transform((x) => BigInt(x)),
);

/** A list's `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export const Limit = (fallback: number, max: number) => v.optional(integer(1, max), fallback);

/**
 * How long a staff member's reason or note is once trimmed, whatever the action: a balance adjustment, a deposit
 * override, closing or cancelling a round, rejecting or correcting a result, renaming a member. 300 is what the
 * back office's text fields take (docs/staff-roles.md "Reasons").
 */
export const STAFF_TEXT_LENGTH = { min: 2, max: 300 } as const;

/** A staff reason as a request field (a longer input is refused, not cut). */
export const Reason = v.pipe(
  text(400),
  v.trim(),
  v.minLength(STAFF_TEXT_LENGTH.min, "requestInvalid"),
  v.maxLength(STAFF_TEXT_LENGTH.max, "requestInvalid"),
);

/** `{ id }`: the one-row calls (a deposit, a slip, a number set). */
export const IdBody = v.object({ id: Id });
