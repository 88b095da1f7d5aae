import { randomInt } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import type {
  CryptoDetails,
  DepositView,
  ReceivingAccountView,
} from "../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { promptPayPayload } from "../../../src/domain/promptpay.ts";
import {
  allocateUniqueAmount,
  type DepositChannel,
  UNIQUE_AMOUNT_TTL_MS,
} from "../../../src/domain/wallet.ts";
import type { DB, DepositsTable, ReceivingAccountsTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { type Executor, inTransaction, iso, isUniqueViolation } from "../../kernel/db.ts";
import { memberAccount, notifyMemberCash, systemAccount, transfer } from "../../ledger/ledger.ts";
import { depositNotification, enqueueNotification } from "../push/outbox.ts";
import { audit } from "../staff/audit.ts";

/**
 * Deposit requests and how they are credited (docs/wallet-api.md "Deposits", docs/rules.md "Unique amounts").
 *
 * What it owns: deposits, bank_statement_lines, and the DEPOSIT transfers that credit them. Invariants, and where
 * they are kept:
 * - a deposit is credited once, by one DEPOSIT transfer keyed `deposit:<id>` from its channel's clearing account
 *   (creditDeposit), under the deposit's row lock, whoever approves it (staff, the feed, a provider) and however
 *   often;
 * - a unique amount is unique among the waiting requests of its receiving account: the partial unique index
 *   decides when two requests race (createUniqueDeposit tries another amount);
 * - a statement line is ingested once per account and external id, and credits a request only when the match is
 *   unambiguous and on time (ingestStatementLine); anything else waits for staff;
 * - every decision writes its audit row and the member's notification in its own transaction (recordDecision).
 */

export type DepositRow = Selectable<DepositsTable>;
type DepositStatus = DepositsTable["status"];
type ReceivingRow = Selectable<ReceivingAccountsTable>;

/** What staff may still approve or reject (an expired request whose money came late, too). */
export const UNDECIDED: DepositStatus[] = ["waiting", "review", "expired"];

/** Transfers that arrive up to this long before the request was made still match it (bank clocks drift). */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
/** A late transfer for an expired request is put in front of staff if it came within this window. */
const LATE_MATCH_WINDOW_MS = 24 * 60 * 60 * 1000;

export function receivingView(row: ReceivingRow): ReceivingAccountView {
  return {
    id: String(row.id),
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    ...(row.promptpay_id ? { promptpayId: row.promptpay_id } : {}),
    demo: row.demo,
  };
}

/** A deposit as the member sees it (docs/wallet-api.md), with what the channel pages show. */
export async function depositView(db: Executor, row: DepositRow): Promise<DepositView> {
  const receiving = row.receiving_account_id
    ? await db
        .selectFrom("receiving_accounts")
        .selectAll()
        .where("id", "=", row.receiving_account_id)
        .executeTakeFirst()
    : undefined;
  let prepareIndex = 0;
  let prepareTotal = 0;
  if (
    row.status === "waiting" &&
    row.receiving_account_id &&
    (row.channel === "fast" || row.channel === "qrcode")
  ) {
    const queue = await db
      .selectFrom("deposits")
      .select(["id"])
      .where("receiving_account_id", "=", row.receiving_account_id)
      .where("status", "=", "waiting")
      .where("channel", "in", ["fast", "qrcode"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    prepareTotal = queue.length;
    prepareIndex = queue.findIndex((q) => q.id === row.id) + 1;
  }
  // Written by the crypto channel itself (channels/crypto.ts), so its shape is known.
  const details = (row.details ?? {}) as { crypto?: CryptoDetails };
  return {
    id: String(row.id),
    channel: row.channel,
    bankId: row.receiving_account_id ? String(row.receiving_account_id) : null,
    receiving: receiving ? receivingView(receiving) : null,
    amount: satangToBaht(row.amount),
    prepareAmount: satangToBaht(row.prepare_amount),
    creditedAmount: row.credited_amount === null ? null : satangToBaht(row.credited_amount),
    prepareIndex,
    prepareTotal,
    status: row.status,
    referTransferId: row.transfer_id === null ? null : String(row.transfer_id),
    reason: row.reason,
    ...(row.channel === "qrcode" && receiving?.promptpay_id
      ? { qrPayload: promptPayPayload({ target: receiving.promptpay_id, amountSatang: row.prepare_amount }) }
      : {}),
    ...(row.channel === "crypto" && details.crypto ? { crypto: details.crypto } : {}),
    ...(row.channel === "truemoney" && row.reference ? { voucher: maskVoucher(row.reference) } : {}),
    ...(row.channel === "normal"
      ? { depositAt: iso(row.deposit_at), fromBankId: row.member_bank_id ? String(row.member_bank_id) : null }
      : {}),
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
  };
}
export type { DepositView };

export function maskVoucher(code: string): string {
  return code.length <= 6 ? "******" : `${code.slice(0, 3)}…${code.slice(-3)}`;
}

/** Waiting unique-amount requests past their time become expired (their amounts are free again). */
export async function expireDeposits(db: Executor, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("deposits")
    .set({ status: "expired", decided_at: now, decided_by: "system:expiry" })
    .where("status", "=", "waiting")
    .where("expires_at", "<", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function activeReceivingAccounts(db: Executor, channel: DepositChannel) {
  return db
    .selectFrom("receiving_accounts")
    .selectAll()
    .where("active", "=", true)
    .where(sql<boolean>`${channel} = any(channels)`)
    .orderBy("id")
    .execute();
}

export async function existingByKey(db: Executor, memberId: bigint, key: string) {
  return db
    .selectFrom("deposits")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/**
 * A fast or QR request: allocates an amount unique among the waiting requests on the receiving account
 * (docs/rules.md "Unique amounts"). The database's partial unique index is the final word, so two requests racing for the same
 * satang cannot both win; the loser tries another amount. The caller expires stale requests just before (their
 * amounts are free again).
 */
export async function createUniqueDeposit(
  db: Kysely<DB>,
  input: {
    memberId: bigint;
    channel: "fast" | "qrcode";
    amount: bigint;
    receiving: ReceivingRow;
    idempotencyKey: string;
  },
): Promise<DepositRow> {
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      return await inTransaction(db, async (trx) => {
        const taken = await trx
          .selectFrom("deposits")
          .select("prepare_amount")
          .where("receiving_account_id", "=", input.receiving.id)
          .where("status", "=", "waiting")
          .where("channel", "in", ["fast", "qrcode"])
          .execute();
        const prepare = allocateUniqueAmount(
          input.amount,
          new Set(taken.map((t) => t.prepare_amount)),
          randomInt(99),
        );
        if (prepare === null) {
          throw new AppError(
            503,
            "DEPOSIT_BUSY",
            "Too many deposits are waiting. Please try again in a few minutes.",
          );
        }
        return trx
          .insertInto("deposits")
          .values({
            member_id: input.memberId,
            channel: input.channel,
            receiving_account_id: input.receiving.id,
            amount: input.amount,
            prepare_amount: prepare,
            status: "waiting",
            expires_at: sql<Date>`now() + ${`${UNIQUE_AMOUNT_TTL_MS} milliseconds`}::interval`,
            idempotency_key: input.idempotencyKey,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (err) {
      if (isUniqueViolation(err, "deposits_unique_waiting_amount")) continue;
      throw err;
    }
  }
  throw new AppError(
    503,
    "DEPOSIT_BUSY",
    "Too many deposits are waiting. Please try again in a few minutes.",
  );
}

/** The one waiting unique-amount request of a member, if any (the member finishes or cancels it first). */
export async function waitingUniqueDeposit(db: Executor, memberId: bigint) {
  return db
    .selectFrom("deposits")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("status", "=", "waiting")
    .where("channel", "in", ["fast", "qrcode", "crypto"])
    .executeTakeFirst();
}

/**
 * Credits a deposit: one DEPOSIT transfer from the channel's clearing account to the member's cash, keyed by
 * the deposit id so that approving twice (two staff, a retry, the feed and staff at once) pays once.
 * Must run inside `trx`; the caller notifies cash listeners after commit.
 */
export async function creditDeposit(
  db: Kysely<DB>,
  trx: Transaction<DB>,
  depositId: bigint,
  decision: { actor: string; amount?: bigint; allowFrom: DepositStatus[] },
): Promise<{ row: DepositRow; credited: boolean }> {
  const { row, decided } = await lockForDecision(trx, depositId, "approved", decision.allowFrom);
  if (decided) return { row, credited: false };
  const amount = decision.amount ?? row.prepare_amount;
  const clearing = await systemAccount(trx, `clearing:deposit:${row.channel}`, "clearing");
  const cash = await memberAccount(trx, row.member_id, "member_cash");
  const moved = await transfer(
    db,
    {
      debitAccountId: clearing,
      creditAccountId: cash,
      amount,
      type: "DEPOSIT",
      reference: `deposit:${row.id}`,
      idempotencyKey: `deposit:${row.id}`,
    },
    trx,
  );
  const updated = await recordDecision(
    trx,
    row,
    decision.actor,
    { status: "approved", transfer_id: moved.id, credited_amount: amount },
    { amount: satangToBaht(amount), transferId: String(moved.id) },
  );
  return { row: updated, credited: true };
}

/** Approves in its own transaction and tells the member's socket. */
export async function approveDeposit(
  db: Kysely<DB>,
  depositId: bigint,
  decision: { actor: string; amount?: bigint; allowFrom?: DepositStatus[] },
) {
  const result = await inTransaction(db, (trx) =>
    creditDeposit(db, trx, depositId, { allowFrom: UNDECIDED, ...decision }),
  );
  if (result.credited) await notifyMemberCash(db, result.row.member_id);
  return result.row;
}

export async function rejectDeposit(db: Kysely<DB>, depositId: bigint, actor: string, reason: string) {
  return inTransaction(db, async (trx) => {
    const { row, decided } = await lockForDecision(trx, depositId, "rejected", UNDECIDED);
    if (decided) return row;
    return recordDecision(trx, row, actor, { status: "rejected", reason }, { reason });
  });
}

/**
 * Locks a deposit for a decision. `decided` when it already has this outcome (deciding twice changes nothing);
 * refused unless its status is one of `allowFrom`.
 */
async function lockForDecision(
  trx: Transaction<DB>,
  depositId: bigint,
  outcome: DepositStatus,
  allowFrom: DepositStatus[],
): Promise<{ row: DepositRow; decided: boolean }> {
  const row = await trx
    .selectFrom("deposits")
    .selectAll()
    .where("id", "=", depositId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, "DEPOSIT_NOT_FOUND", "Deposit not found.");
  if (row.status === outcome) return { row, decided: true };
  if (!allowFrom.includes(row.status)) {
    throw new AppError(409, "DEPOSIT_NOT_PENDING", `This deposit is ${row.status}.`);
  }
  return { row, decided: false };
}

/** Writes the decision on a locked deposit, by whom and when, with its audit row (`after` adds to the status). */
async function recordDecision(
  trx: Transaction<DB>,
  row: DepositRow,
  actor: string,
  changes:
    | { status: "approved"; transfer_id: bigint; credited_amount: bigint }
    | { status: "rejected"; reason: string },
  after: Record<string, unknown>,
): Promise<DepositRow> {
  const updated = await trx
    .updateTable("deposits")
    .set({ ...changes, decided_by: actor, decided_at: new Date() })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actor,
    action: changes.status === "approved" ? "deposit.approve" : "deposit.reject",
    subject: `deposit:${row.id}`,
    before: { status: row.status },
    after: { status: changes.status, ...after },
  });
  // The member hears of it on their devices; written here so the decision and its notification commit together.
  await enqueueNotification(trx, depositNotification(updated, changes.status));
  return updated;
}

export interface StatementLineInput {
  receivingAccountId: bigint;
  externalId: string;
  amount: bigint;
  occurredAt: Date;
  reference: string | null;
  source: string;
}

export type LineResult =
  | { result: "matched"; depositId: string }
  | { result: "review"; depositId: string }
  | { result: "unmatched" }
  | { result: "duplicate"; depositId?: string };

/**
 * Ingests one bank statement line and matches it (docs/rules.md "Unique amounts"): a line with exactly the unique amount of the one
 * waiting fast/QR request on that account, made within its time, credits it at once. A line for a request that
 * has expired puts that request in front of staff ('review'). Anything else waits for staff as unmatched.
 * Idempotent per (account, external id): the same line again changes nothing.
 */
export async function ingestStatementLine(db: Kysely<DB>, line: StatementLineInput): Promise<LineResult> {
  const outcome = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("bank_statement_lines")
      .values({
        receiving_account_id: line.receivingAccountId,
        external_id: line.externalId,
        amount: line.amount,
        occurred_at: line.occurredAt,
        reference: line.reference,
        status: "unmatched",
        source: line.source,
      })
      .onConflict((oc) => oc.columns(["receiving_account_id", "external_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      const previous = await trx
        .selectFrom("bank_statement_lines")
        .select("deposit_id")
        .where("receiving_account_id", "=", line.receivingAccountId)
        .where("external_id", "=", line.externalId)
        .executeTakeFirst();
      return {
        result: {
          result: "duplicate",
          ...(previous?.deposit_id ? { depositId: String(previous.deposit_id) } : {}),
        },
        memberId: null,
      } as const;
    }
    const candidates = await trx
      .selectFrom("deposits")
      .selectAll()
      .where("receiving_account_id", "=", line.receivingAccountId)
      .where("channel", "in", ["fast", "qrcode"])
      .where("prepare_amount", "=", line.amount)
      .where("status", "in", ["waiting", "expired"])
      .where("created_at", "<=", new Date(line.occurredAt.getTime() + CLOCK_SKEW_MS))
      .where("created_at", ">=", new Date(line.occurredAt.getTime() - LATE_MATCH_WINDOW_MS))
      .forUpdate()
      .execute();
    const onTime = candidates.filter(
      (d) =>
        d.status === "waiting" &&
        d.expires_at !== null &&
        d.expires_at.getTime() >= line.occurredAt.getTime(),
    );
    if (onTime.length === 1 && candidates.length === 1) {
      const deposit = onTime[0] as DepositRow;
      const { row } = await creditDeposit(db, trx, deposit.id, {
        actor: `feed:${line.source}`,
        amount: line.amount,
        allowFrom: ["waiting"],
      });
      await trx
        .updateTable("bank_statement_lines")
        .set({ status: "matched", deposit_id: row.id })
        .where("id", "=", inserted.id)
        .execute();
      return { result: { result: "matched", depositId: String(row.id) }, memberId: row.member_id } as const;
    }
    // Late (expired) or ambiguous: a person decides. A single late candidate is linked so staff see the pair.
    if (candidates.length === 1) {
      const deposit = candidates[0] as DepositRow;
      await trx.updateTable("deposits").set({ status: "review" }).where("id", "=", deposit.id).execute();
      await trx
        .updateTable("bank_statement_lines")
        .set({ deposit_id: deposit.id })
        .where("id", "=", inserted.id)
        .execute();
      return { result: { result: "review", depositId: String(deposit.id) }, memberId: null } as const;
    }
    return { result: { result: "unmatched" }, memberId: null } as const;
  });
  if (outcome.memberId !== null) await notifyMemberCash(db, outcome.memberId);
  return outcome.result as LineResult;
}

/** Staff pair an unmatched (or review) statement line with a deposit: the deposit is credited the line's amount. */
export async function assignStatementLine(db: Kysely<DB>, lineId: bigint, depositId: bigint, actor: string) {
  const result = await inTransaction(db, (trx) => assignStatementLineIn(db, trx, lineId, depositId, actor));
  if (result.credited) await notifyMemberCash(db, result.row.member_id);
  return result.row;
}

/** assignStatementLine inside the caller's transaction (a confirmed four-eyes proposal); the caller notifies. */
export async function assignStatementLineIn(
  db: Kysely<DB>,
  trx: Transaction<DB>,
  lineId: bigint,
  depositId: bigint,
  actor: string,
): Promise<{ row: DepositRow; credited: boolean }> {
  const line = await trx
    .selectFrom("bank_statement_lines")
    .selectAll()
    .where("id", "=", lineId)
    .forUpdate()
    .executeTakeFirst();
  if (!line) throw new AppError(404, "LINE_NOT_FOUND", "Statement line not found.");
  if (line.status === "matched") {
    if (line.deposit_id === depositId) {
      const row = await trx
        .selectFrom("deposits")
        .selectAll()
        .where("id", "=", depositId)
        .executeTakeFirstOrThrow();
      return { row, credited: false };
    }
    throw new AppError(409, "LINE_MATCHED", "This statement line is already matched.");
  }
  if (line.deposit_id !== null && line.deposit_id !== depositId) {
    throw new AppError(409, "LINE_LINKED", "This statement line is linked to another deposit.");
  }
  const credited = await creditDeposit(db, trx, depositId, {
    actor,
    amount: line.amount,
    allowFrom: UNDECIDED,
  });
  await trx
    .updateTable("bank_statement_lines")
    .set({ status: "matched", deposit_id: depositId })
    .where("id", "=", lineId)
    .execute();
  return credited;
}
