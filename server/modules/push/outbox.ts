import type { Transaction } from "kysely";
import type { NotificationType } from "../../../src/domain/contracts/notifications.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { DB } from "../../db/schema.ts";

/**
 * One notification to one member: a type of the contract (src/domain/contracts/notifications.ts, which lists the
 * parameters each carries) and string parameters; the device words it in its own language (sw/pushMessages.ts).
 */
export interface NotificationInput {
  memberId: bigint;
  type: NotificationType;
  params: Record<string, string>;
  /** The app path a tap opens. */
  url: string;
  /** Unique per event (e.g. `deposit-approved:<id>`): the same event written twice is one notification. */
  dedupeKey: string;
}

/**
 * Writes a notification to the outbox. It takes a transaction on purpose: call it inside the transaction of the
 * event that causes it, so a rolled-back event leaves no notification and a committed one always has it.
 * Returns false when the event had already written its notification (dedupe key taken).
 */
export async function enqueueNotification(trx: Transaction<DB>, input: NotificationInput): Promise<boolean> {
  return (await enqueueNotifications(trx, [input])) === 1;
}

/** Many at once (a settlement batch): one statement per thousand; returns how many were new. */
export async function enqueueNotifications(
  trx: Transaction<DB>,
  inputs: readonly NotificationInput[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < inputs.length; i += 1000) {
    const rows = await trx
      .insertInto("notification_outbox")
      .values(
        inputs.slice(i, i + 1000).map((input) => ({
          member_id: input.memberId,
          type: input.type,
          params: JSON.stringify(input.params),
          url: input.url,
          dedupe_key: input.dedupeKey,
        })),
      )
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .returning("id")
      .execute();
    inserted += rows.length;
  }
  return inserted;
}

/** Where money notifications lead: the page listing deposits and withdrawals in progress and decided. */
export const CREDIT_STATUS_URL = "/credit/status";

/** A deposit approved (the amount credited) or rejected (the amount the member was asked to transfer). */
export function depositNotification(
  deposit: { id: bigint; member_id: bigint; prepare_amount: bigint; credited_amount: bigint | null },
  outcome: "approved" | "rejected",
): NotificationInput {
  const amount = (outcome === "approved" ? deposit.credited_amount : null) ?? deposit.prepare_amount;
  return {
    memberId: deposit.member_id,
    type: outcome === "approved" ? "deposit-approved" : "deposit-rejected",
    params: { amount: satangToBaht(amount), depositId: String(deposit.id) },
    url: CREDIT_STATUS_URL,
    dedupeKey: `deposit-${outcome}:${deposit.id}`,
  };
}

/** A withdrawal paid to the member's bank or rejected (the hold back in the balance). */
export function withdrawalNotification(
  withdrawal: { id: bigint; member_id: bigint; amount: bigint },
  outcome: "paid" | "rejected",
): NotificationInput {
  return {
    memberId: withdrawal.member_id,
    type: outcome === "paid" ? "withdrawal-paid" : "withdrawal-rejected",
    params: { amount: satangToBaht(withdrawal.amount), withdrawalId: String(withdrawal.id) },
    url: CREDIT_STATUS_URL,
    dedupeKey: `withdrawal-${outcome}:${withdrawal.id}`,
  };
}

/**
 * The app page of a family's slips opened at one slip: /poy/{betGroup}/{poyId}, or /poy/lottery/{betName}/{poyId}
 * for 4-digit lotteries (docs/rules.md "Routes"); without a slip, the family's list.
 */
export function poyUrl(round: { family: string; betName: string }, poyId?: bigint): string {
  const list =
    round.family === "set4"
      ? `/poy/lottery/${encodeURIComponent(round.betName)}`
      : `/poy/${encodeURIComponent(round.family)}`;
  return poyId === undefined ? list : `${list}/${poyId}`;
}
