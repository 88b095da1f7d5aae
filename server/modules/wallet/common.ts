import type { FastifyRequest } from "fastify";
import type { Kysely, Transaction } from "kysely";
import * as v from "valibot";
import { isAreaBlocked } from "../../../src/domain/access.ts";
import { parseAmount } from "../../../src/domain/wallet.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { memberAccount, notifyCashChanged } from "../../ledger/ledger.ts";
import type { PaymentProviders } from "../../providers/payments.ts";
import { type AuthenticatedMember, requireMember } from "../accounts/sessions.ts";

/** The database, or a transaction on it. */
export type Executor = Kysely<DB> | Transaction<DB>;

export interface WalletDeps {
  config: Config;
  database: Database;
  payments: PaymentProviders;
}

/** Money endpoints: a logged-in member whose status allows money pages (status 2 may not; SPEC.md section 4). */
export async function requireMoneyMember(
  deps: WalletDeps,
  request: FastifyRequest,
): Promise<AuthenticatedMember> {
  const member = await requireMember(deps.database.db, deps.config.sessionSecret, request);
  if (isAreaBlocked(member.status, "money")) throw new AppError(403, "FORBIDDEN", "Sorry, access denied.");
  return member;
}

/** A request field holding baht: refused with AMOUNT_INVALID unless a positive amount with at most 2 decimals. */
export function amountOf(input: unknown): bigint {
  const amount = parseAmount(input);
  if (amount === null || amount <= 0n) {
    throw new AppError(400, "AMOUNT_INVALID", "Please enter an amount in baht with at most two decimals.");
  }
  return amount;
}

export const IdempotencyKey = v.pipe(
  v.string("requestInvalid"),
  v.minLength(8, "requestInvalid"),
  v.maxLength(100, "requestInvalid"),
  v.regex(/^[\w:.-]+$/, "requestInvalid"),
);

export const Id = v.pipe(
  v.union([v.string("requestInvalid"), v.number("requestInvalid")], "requestInvalid"),
  v.transform((x) => String(x)),
  v.regex(/^\d{1,18}$/, "requestInvalid"),
  v.transform((x) => BigInt(x)),
);

/** A list's `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export const Limit = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.union([v.string("requestInvalid"), v.number("requestInvalid")], "requestInvalid"),
      v.transform(Number),
      v.integer("requestInvalid"),
      v.minValue(1, "requestInvalid"),
      v.maxValue(max, "requestInvalid"),
    ),
    fallback,
  );

/** Postgres unique-violation on a named constraint or index. */
export function isUniqueViolation(err: unknown, name: string): boolean {
  const e = err as { code?: string; constraint?: string; detail?: string; message?: string };
  return e.code === "23505" && (e.constraint === name || `${e.message ?? ""}`.includes(name));
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Tells the member's sockets that their cash moved; call it after the transaction that moved it commits. */
export async function notifyMemberCash(db: Kysely<DB>, memberId: bigint): Promise<void> {
  await notifyCashChanged(db, [await memberAccount(db, memberId, "member_cash")]);
}
