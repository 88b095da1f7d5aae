import type { Kysely, Selectable, Transaction } from "kysely";
import { holderNamesMatch } from "../../../src/domain/banks.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { DB, StaffProposalKind, StaffProposalsTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { actorOf, roleMay, type StaffPermission } from "../../kernel/access.ts";
import { type Executor, inTransaction, isUniqueViolation } from "../../kernel/db.ts";
import type { StaffPrincipal } from "../../kernel/sessions.ts";
import {
  LedgerError,
  memberAccount,
  notifyMemberCash,
  systemAccount,
  transfer,
} from "../../ledger/ledger.ts";
import { shortfallState } from "../games/shortfalls.ts";
import { houseAccountCode } from "../games/wallet.ts";
import { audit } from "../staff/audit.ts";
import { assignStatementLineIn, creditDeposit, UNDECIDED } from "./deposits.ts";
import { decideWithdrawalIn } from "./withdrawals.ts";

/**
 * Money under four eyes (docs/security.md): what one staff member proposes, a different one confirms before any
 * money moves. A proposal stores the exact action; confirming runs it in the same transaction that marks the
 * proposal confirmed, so the ledger transfer and the confirmation land together or not at all, and the
 * action's own idempotency key (deposit:<id>, withdrawal:<id>:pay, adjust:proposal:<id>) means a second
 * confirmation can never move money again. The table's CHECK (confirmed_by <> proposed_by) backs the 409.
 * A receiving account (where members are told to send their deposits) moves no money itself but decides where
 * every later deposit goes, so adding, changing or deactivating one is a proposal too.
 */

export type ProposalRow = Selectable<StaffProposalsTable>;

/** Who may propose each kind (the endpoint's own right) and who may confirm it (STAFF_PERMISSIONS). */
const PROPOSE_RIGHT: Record<StaffProposalKind, StaffPermission> = {
  "deposit.approve": "deposits.decide",
  "deposit.override": "deposits.decide",
  "withdrawal.pay": "withdrawals.decide",
  "member.adjust": "members.adjust",
  "member-bank.verify": "banks.verify",
  "receiving-account.save": "site.money",
  "game.adjust": "games.adjust",
};
const confirmRight = (kind: StaffProposalKind): StaffPermission => `proposals.${kind}`;

export interface ProposalInput {
  kind: StaffProposalKind;
  /** What it acts on ("deposit:12"): one open proposal per target. */
  target: string;
  memberId: bigint | null;
  /** Satang the confirmation moves (null for a bank-holder verification). */
  amount: bigint | null;
  /** What the desk shows besides the amount (amounts here in baht, for reading; `amount` is authoritative). */
  payload: Record<string, string | null>;
  reason: string | null;
  /** A retried request with the same key returns the first proposal (balance adjustments). */
  idempotencyKey?: string;
}

/** The audit subject of a proposal: the member for an adjustment (as member.adjust has always been), else its target. */
function subjectOf(kind: StaffProposalKind, target: string, payload: unknown): string {
  const uuid = (payload as { uuid?: string } | null)?.uuid;
  return (kind === "member.adjust" || kind === "game.adjust") && uuid ? `member:${uuid}` : target;
}

/** Records a proposal (audited). 409 PROPOSAL_WAITING when one for the same target is already open. */
export async function propose(
  db: Kysely<DB>,
  staff: StaffPrincipal,
  input: ProposalInput,
): Promise<ProposalRow> {
  try {
    return await inTransaction(db, async (trx) => {
      if (input.idempotencyKey) {
        const again = await trx
          .selectFrom("staff_proposals")
          .selectAll()
          .where("idempotency_key", "=", input.idempotencyKey)
          .executeTakeFirst();
        if (again) return again;
      }
      const row = await trx
        .insertInto("staff_proposals")
        .values({
          kind: input.kind,
          target: input.target,
          member_id: input.memberId,
          amount: input.amount,
          payload: JSON.stringify(input.payload),
          reason: input.reason,
          proposed_by: staff.id,
          idempotency_key: input.idempotencyKey ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, {
        actor: actorOf(staff),
        action: "four-eyes.propose",
        subject: subjectOf(input.kind, input.target, input.payload),
        after: {
          proposalId: String(row.id),
          kind: input.kind,
          amount: input.amount === null ? null : satangToBaht(input.amount),
          ...input.payload,
          reason: input.reason,
        },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, "staff_proposals_one_open_per_target")) {
      const open = await openProposal(db, input.target);
      throw new AppError(
        409,
        "PROPOSAL_WAITING",
        "A proposal for this is already waiting for a second staff member.",
        open ? { proposalId: String(open.id) } : {},
      );
    }
    throw err;
  }
}

export async function openProposal(db: Executor, target: string) {
  return db
    .selectFrom("staff_proposals")
    .selectAll()
    .where("target", "=", target)
    .where("status", "=", "proposed")
    .executeTakeFirst();
}

/** A direct decision may not go around a proposal that is waiting for the same thing. */
export async function refuseIfProposalWaiting(db: Executor, target: string): Promise<void> {
  const open = await openProposal(db, target);
  if (open)
    throw new AppError(
      409,
      "PROPOSAL_WAITING",
      "A proposal for this is already waiting for a second staff member.",
      { proposalId: String(open.id) },
    );
}

/**
 * When the thing a proposal acts on is decided otherwise (a deposit or withdrawal rejected, a bank account marked
 * mismatched), its open proposal can no longer be confirmed: it is closed as rejected, audited.
 */
export async function closeOpenProposals(
  db: Kysely<DB>,
  target: string,
  staff: StaffPrincipal,
  reason: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const closed = await trx
      .updateTable("staff_proposals")
      .set({ status: "rejected", rejected_by: staff.id, reject_reason: reason, decided_at: new Date() })
      .where("target", "=", target)
      .where("status", "=", "proposed")
      .returningAll()
      .execute();
    for (const row of closed) {
      await audit(trx, {
        actor: actorOf(staff),
        action: "four-eyes.reject",
        subject: subjectOf(row.kind, row.target, row.payload),
        after: { proposalId: String(row.id), kind: row.kind, reason },
      });
    }
  });
}

async function lockProposal(trx: Transaction<DB>, id: bigint): Promise<ProposalRow> {
  const row = await trx
    .selectFrom("staff_proposals")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, "PROPOSAL_NOT_FOUND", "Proposal not found.");
  return row;
}

async function staffName(db: Executor, id: bigint): Promise<string> {
  const row = await db.selectFrom("staff").select("user_name").where("id", "=", id).executeTakeFirst();
  return row?.user_name ?? String(id);
}

/**
 * Confirms a proposal: a staff member other than the proposer (409 FOUR_EYES) holding the kind's confirm right
 * (403). Runs the action and marks the proposal confirmed in one transaction; confirming a confirmed proposal
 * again returns it unchanged (the money moved once).
 */
export async function confirmProposal(
  db: Kysely<DB>,
  staff: StaffPrincipal,
  id: bigint,
): Promise<ProposalRow> {
  const done = await inTransaction(db, async (trx) => {
    const proposal = await lockProposal(trx, id);
    if (!roleMay(staff.role, confirmRight(proposal.kind)))
      throw new AppError(403, "FORBIDDEN", "Sorry, access denied.");
    if (proposal.proposed_by === staff.id)
      throw new AppError(
        409,
        "FOUR_EYES",
        "A proposal is confirmed by a staff member other than the one who made it.",
      );
    if (proposal.status === "confirmed") return { row: proposal, movedCash: false };
    if (proposal.status !== "proposed")
      throw new AppError(409, "PROPOSAL_DECIDED", `This proposal is ${proposal.status}.`, {
        status: proposal.status,
      });
    const proposedBy = await staffName(trx, proposal.proposed_by);
    const transferId = await carryOut(db, trx, proposal, actorOf(staff), proposedBy);
    const row = await trx
      .updateTable("staff_proposals")
      .set({ status: "confirmed", confirmed_by: staff.id, decided_at: new Date(), transfer_id: transferId })
      .where("id", "=", proposal.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actor: actorOf(staff),
      action: "four-eyes.confirm",
      subject: subjectOf(proposal.kind, proposal.target, proposal.payload),
      after: {
        proposalId: String(proposal.id),
        kind: proposal.kind,
        proposedBy,
        amount: proposal.amount === null ? null : satangToBaht(proposal.amount),
        transferId: transferId === null ? null : String(transferId),
      },
    });
    return { row, movedCash: transferId !== null };
  });
  if (done.movedCash && done.row.member_id !== null) await notifyMemberCash(db, done.row.member_id);
  return done.row;
}

/** Rejects an open proposal: someone who could confirm it, or its proposer withdrawing it. Nothing moves. */
export async function rejectProposal(
  db: Kysely<DB>,
  staff: StaffPrincipal,
  id: bigint,
  reason: string,
): Promise<ProposalRow> {
  return inTransaction(db, async (trx) => {
    const proposal = await lockProposal(trx, id);
    const own = proposal.proposed_by === staff.id;
    if (!own && !roleMay(staff.role, confirmRight(proposal.kind)))
      throw new AppError(403, "FORBIDDEN", "Sorry, access denied.");
    if (proposal.status === "rejected") return proposal;
    if (proposal.status !== "proposed")
      throw new AppError(409, "PROPOSAL_DECIDED", `This proposal is ${proposal.status}.`, {
        status: proposal.status,
      });
    const row = await trx
      .updateTable("staff_proposals")
      .set({ status: "rejected", rejected_by: staff.id, reject_reason: reason, decided_at: new Date() })
      .where("id", "=", proposal.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actor: actorOf(staff),
      action: "four-eyes.reject",
      subject: subjectOf(proposal.kind, proposal.target, proposal.payload),
      after: { proposalId: String(proposal.id), kind: proposal.kind, reason, withdrawnByProposer: own },
    });
    return row;
  });
}

/** Runs a proposal's action inside the confirming transaction; the ledger transfer it made, if any. */
async function carryOut(
  db: Kysely<DB>,
  trx: Transaction<DB>,
  proposal: ProposalRow,
  actor: string,
  proposedBy: string,
): Promise<bigint | null> {
  const payload = proposal.payload as Record<string, string | null>;
  const amount = proposal.amount;
  switch (proposal.kind) {
    case "deposit.approve":
    case "deposit.override": {
      const depositId = BigInt(payload.depositId ?? "0");
      const result = payload.lineId
        ? await assignStatementLineIn(db, trx, BigInt(payload.lineId), depositId, actor)
        : await creditDeposit(db, trx, depositId, {
            actor,
            ...(amount === null ? {} : { amount }),
            allowFrom: UNDECIDED,
          });
      if (!result.credited)
        throw new AppError(409, "DEPOSIT_NOT_PENDING", `This deposit is ${result.row.status}.`);
      return result.row.transfer_id;
    }
    case "withdrawal.pay": {
      const result = await decideWithdrawalIn(db, trx, BigInt(payload.withdrawalId ?? "0"), {
        actor,
        pay: true,
      });
      if (!result.changed)
        throw new AppError(409, "WITHDRAWAL_DECIDED", `This withdrawal is ${result.row.status}.`);
      return result.row.resolve_transfer_id;
    }
    case "member.adjust": {
      if (proposal.member_id === null || amount === null)
        throw new Error("adjustment without member or amount");
      const cash = await memberAccount(trx, proposal.member_id, "member_cash");
      const house = await systemAccount(trx, "house:adjustments", "house");
      const increase = payload.type === "ADMIN_INCREASE";
      try {
        const moved = await transfer(
          db,
          {
            debitAccountId: increase ? house : cash,
            creditAccountId: increase ? cash : house,
            amount,
            type: increase ? "ADMIN_INCREASE" : "ADMIN_DECREASE",
            reference: `adjust:${proposal.reason ?? ""}`.slice(0, 300),
            idempotencyKey: `adjust:proposal:${proposal.id}`,
          },
          trx,
        );
        await audit(trx, {
          actor,
          action: "member.adjust",
          subject: `member:${payload.uuid}`,
          after: {
            type: payload.type,
            amount: satangToBaht(amount),
            reason: proposal.reason,
            transferId: String(moved.id),
            proposalId: String(proposal.id),
            proposedBy,
          },
        });
        return moved.id;
      } catch (err) {
        if (err instanceof LedgerError && err.code === "INSUFFICIENT_FUNDS")
          throw new AppError(400, "INSUFFICIENT_FUNDS", "The member's balance is lower than this amount.");
        throw err;
      }
    }
    case "game.adjust":
      return carryOutGameAdjust(db, trx, proposal, actor, proposedBy);
    case "member-bank.verify": {
      await verifyBankHolder(trx, BigInt(payload.bankId ?? "0"), payload.accountName ?? "", actor, {
        proposalId: String(proposal.id),
        proposedBy,
      });
      return null;
    }
    case "receiving-account.save": {
      await saveReceivingAccount(trx, receivingAccountValues(payload), actor, {
        proposalId: String(proposal.id),
        proposedBy,
      });
      return null;
    }
  }
}

/**
 * A game money correction (docs/games-api.md "Back office"): GAME_ADD from the provider's house account to the
 * member's cash, or GAME_DEDUCT back, one transfer keyed `game-adjust:proposal:<id>`. One naming a shortfall takes
 * back at most what is still owed on it, checked under the shortfall's lock.
 */
async function carryOutGameAdjust(
  db: Kysely<DB>,
  trx: Transaction<DB>,
  proposal: ProposalRow,
  actor: string,
  proposedBy: string,
): Promise<bigint> {
  const payload = proposal.payload as Record<string, string | null>;
  const amount = proposal.amount;
  const provider = payload.provider ?? "";
  if (proposal.member_id === null || amount === null || provider === "")
    throw new Error("game adjustment without member, amount or provider");
  if (payload.shortfallId) {
    const shortfall = await shortfallState(trx, BigInt(payload.shortfallId), { lock: true });
    if (!shortfall) throw new AppError(404, "NOT_FOUND", "Shortfall not found.");
    if (amount > shortfall.owed - shortfall.recovered)
      throw new AppError(409, "AMOUNT_INVALID", "This is more than is still owed on the shortfall.", {
        outstanding: satangToBaht(shortfall.owed - shortfall.recovered),
      });
  }
  const cash = await memberAccount(trx, proposal.member_id, "member_cash");
  const house = await systemAccount(trx, houseAccountCode(provider), "house");
  const add = payload.type === "GAME_ADD";
  try {
    const moved = await transfer(
      db,
      {
        debitAccountId: add ? house : cash,
        creditAccountId: add ? cash : house,
        amount,
        type: add ? "GAME_ADD" : "GAME_DEDUCT",
        reference:
          `game-adjust:${provider}:${payload.shortfallId ? `shortfall:${payload.shortfallId}:` : ""}${proposal.reason ?? ""}`.slice(
            0,
            300,
          ),
        idempotencyKey: `game-adjust:proposal:${proposal.id}`,
      },
      trx,
    );
    await audit(trx, {
      actor,
      action: "game.adjust",
      subject: `member:${payload.uuid}`,
      after: {
        type: payload.type,
        provider,
        amount: satangToBaht(amount),
        shortfallId: payload.shortfallId ?? null,
        reason: proposal.reason,
        transferId: String(moved.id),
        proposalId: String(proposal.id),
        proposedBy,
      },
    });
    return moved.id;
  } catch (err) {
    if (err instanceof LedgerError && err.code === "INSUFFICIENT_FUNDS")
      throw new AppError(400, "INSUFFICIENT_FUNDS", "The member's balance is lower than this amount.");
    throw err;
  }
}

/** A receiving account's columns as a proposal carries them (payload values are strings). */
export interface ReceivingAccountValues {
  bank_code: string;
  account_number: string;
  account_name: string;
  promptpay_id: string | null;
  channels: ("normal" | "fast" | "qrcode")[];
  active: boolean;
}

/** The proposal payload of a receiving-account change: what the desk shows and what confirming writes. */
export function receivingAccountPayload(
  values: ReceivingAccountValues,
  change: "add" | "change" | "deactivate",
): Record<string, string | null> {
  return {
    change,
    bankCode: values.bank_code,
    accountNumber: values.account_number,
    accountName: values.account_name,
    promptpayId: values.promptpay_id,
    channels: values.channels.join(","),
    active: values.active ? "true" : "false",
  };
}

function receivingAccountValues(payload: Record<string, string | null>): ReceivingAccountValues {
  return {
    bank_code: payload.bankCode ?? "",
    account_number: payload.accountNumber ?? "",
    account_name: payload.accountName ?? "",
    promptpay_id: payload.promptpayId ?? null,
    channels: (payload.channels ? payload.channels.split(",") : []) as ReceivingAccountValues["channels"],
    active: payload.active === "true",
  };
}

/** Adds or updates one of the site's receiving accounts (the confirmed step of its proposal), audited. */
async function saveReceivingAccount(
  trx: Transaction<DB>,
  values: ReceivingAccountValues,
  actor: string,
  extra: Record<string, string>,
): Promise<void> {
  const before = await trx
    .selectFrom("receiving_accounts")
    .selectAll()
    .where("bank_code", "=", values.bank_code)
    .where("account_number", "=", values.account_number)
    .forUpdate()
    .executeTakeFirst();
  const row = await trx
    .insertInto("receiving_accounts")
    .values(values)
    .onConflict((oc) =>
      oc.columns(["bank_code", "account_number"]).doUpdateSet({
        account_name: values.account_name,
        promptpay_id: values.promptpay_id,
        channels: values.channels,
        active: values.active,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actor,
    action: "receiving-account.save",
    subject: `receiving-account:${row.id}`,
    before: before
      ? {
          accountName: before.account_name,
          promptpayId: before.promptpay_id,
          channels: before.channels,
          active: before.active,
        }
      : null,
    after: { ...values, ...extra },
  });
}

/** The holder name a bank account is verified under must be the member's own name (withdrawals check it too). */
export function requireHolderIsMember(accountName: string, memberName: string | null): void {
  if (!memberName || !holderNamesMatch(accountName, memberName))
    throw new AppError(
      409,
      "BANK_HOLDER_MISMATCH",
      "The holder name does not match the member's name on their profile.",
    );
}

/** Marks a member's bank account verified under a holder name (the confirmed step of a verification). */
async function verifyBankHolder(
  trx: Transaction<DB>,
  bankId: bigint,
  accountName: string,
  actor: string,
  extra: Record<string, string>,
): Promise<void> {
  const before = await trx
    .selectFrom("member_banks")
    .innerJoin("members", "members.id", "member_banks.member_id")
    .select(["member_banks.status", "member_banks.account_name", "members.name as memberName"])
    .where("member_banks.id", "=", bankId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new AppError(404, "BANK_NOT_FOUND", "Bank account not found.");
  // The member's name may have changed since the proposal: the rule holds at the moment it takes effect.
  requireHolderIsMember(accountName, before.memberName);
  await trx
    .updateTable("member_banks")
    .set({ account_name: accountName, status: "verified", verified_at: new Date() })
    .where("id", "=", bankId)
    .execute();
  await audit(trx, {
    actor,
    action: "member-bank.verify",
    subject: `member-bank:${bankId}`,
    before: { status: before.status, accountName: before.account_name },
    after: { status: "verified", accountName, ...extra },
  });
}

/** Proposals as the desk lists them: only kinds the viewer may propose or confirm, newest first. */
export async function proposalViews(
  db: Kysely<DB>,
  viewer: StaffPrincipal,
  status: "proposed" | "confirmed" | "rejected",
  limit: number,
) {
  const kinds = (Object.keys(PROPOSE_RIGHT) as StaffProposalKind[]).filter(
    (kind) => roleMay(viewer.role, PROPOSE_RIGHT[kind]) || roleMay(viewer.role, confirmRight(kind)),
  );
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom("staff_proposals as p")
    .innerJoin("staff as proposer", "proposer.id", "p.proposed_by")
    .leftJoin("staff as confirmer", "confirmer.id", "p.confirmed_by")
    .leftJoin("staff as rejecter", "rejecter.id", "p.rejected_by")
    .leftJoin("members as m", "m.id", "p.member_id")
    .selectAll("p")
    .select([
      "proposer.user_name as proposerName",
      "confirmer.user_name as confirmerName",
      "rejecter.user_name as rejecterName",
      "m.uuid as memberUuid",
      "m.user_name as memberUserName",
      "m.name as memberName",
    ])
    .where("p.status", "=", status)
    .where("p.kind", "in", kinds)
    .orderBy("p.created_at", status === "proposed" ? "asc" : "desc")
    .orderBy("p.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...proposalView(r, viewer),
    proposedBy: r.proposerName,
    confirmedBy: r.confirmerName,
    rejectedBy: r.rejecterName,
    member:
      r.memberUuid === null
        ? null
        : { uuid: r.memberUuid, userName: r.memberUserName ?? "", name: r.memberName ?? null },
  }));
}

/** One proposal for its viewer: canConfirm is false for its proposer and for roles without the confirm right. */
export function proposalView(row: ProposalRow, viewer: StaffPrincipal) {
  const mine = row.proposed_by === viewer.id;
  return {
    id: String(row.id),
    kind: row.kind,
    status: row.status,
    target: row.target,
    amount: row.amount === null ? null : satangToBaht(row.amount),
    details: row.payload as Record<string, string | null>,
    reason: row.reason,
    proposedByMe: mine,
    canConfirm: row.status === "proposed" && !mine && roleMay(viewer.role, confirmRight(row.kind)),
    rejectReason: row.reject_reason,
    transferId: row.transfer_id === null ? null : String(row.transfer_id),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}
