import type { FastifyInstance, FastifyReply } from "fastify";
import * as v from "valibot";
import { normalizeAccountNumber, validateBankAccount } from "../../../src/domain/banks.ts";
import { Id, IdempotencyKey, Limit, Reason } from "../../../src/domain/contracts/common.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { promptPayTarget } from "../../../src/domain/promptpay.ts";
import { text } from "../../../src/domain/text.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { actorOf, staffAccess, staffOf } from "../../kernel/access.ts";
import { inTransaction } from "../../kernel/db.ts";
import type { StaffPrincipal } from "../../kernel/sessions.ts";
import { checkLedger } from "../../ledger/check.ts";
import { memberAvailable } from "../../ledger/ledger.ts";
import { audit } from "../staff/audit.ts";
import { memberBankView } from "./banks.ts";
import { amountOf, type WalletDeps } from "./common.ts";
import {
  approveDeposit,
  assignStatementLine,
  depositView,
  expireDeposits,
  receivingView,
  rejectDeposit,
  UNDECIDED,
} from "./deposits.ts";
import {
  closeOpenProposals,
  confirmProposal,
  type ProposalInput,
  proposalView,
  proposalViews,
  propose,
  type ReceivingAccountValues,
  receivingAccountPayload,
  refuseIfProposalWaiting,
  rejectProposal,
  requireHolderIsMember,
} from "./fourEyes.ts";
import { decideWithdrawal, reviewWithdrawal, withdrawalView } from "./withdrawals.ts";

const ListQuery = v.object({
  status: v.optional(
    v.picklist(
      ["waiting", "review", "approved", "rejected", "expired", "paid", "unmatched"],
      "requestInvalid",
    ),
  ),
});

const ProposalsQuery = v.object({
  status: v.optional(v.picklist(["proposed", "confirmed", "rejected"], "requestInvalid"), "proposed"),
  limit: Limit(100, 200),
});

/**
 * The back office's money desk: pending deposits and withdrawals, statement lines, bank checks, adjustments.
 * Above the four-eyes threshold, and for every override, adjustment and holder verification, an action answers
 * 202 with a proposal that a different staff member confirms (docs/security.md "Money under four eyes").
 */
export async function staffWalletRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const threshold = deps.config.fourEyesThreshold;

  /** 202: recorded, waiting for a second staff member; nothing has moved yet. */
  const proposed = async (reply: FastifyReply, staff: StaffPrincipal, input: ProposalInput) =>
    reply
      .status(202)
      .send({ status: "proposed", proposal: proposalView(await propose(db, staff, input), staff) });
  const reasonRequired = () =>
    new AppError(
      400,
      "REASON_REQUIRED",
      "An amount other than the request's needs a reason; a second staff member confirms it.",
    );

  /** Each row's view with the member it belongs to, for the desk's cards. */
  const withMembers = <R extends { member_id: bigint }, V>(rows: R[], view: (row: R) => V | Promise<V>) =>
    Promise.all(
      rows.map(async (r) => {
        const m = await db
          .selectFrom("members")
          .select(["uuid", "user_name", "name"])
          .where("id", "=", r.member_id)
          .executeTakeFirstOrThrow();
        return { ...(await view(r)), member: { uuid: m.uuid, userName: m.user_name, name: m.name } };
      }),
    );

  app.get("/api/staff/deposits", { config: { access: staffAccess("deposits.decide") } }, async (request) => {
    const { status } = parseWith(ListQuery, request.query);
    await expireDeposits(db);
    const rows = await db
      .selectFrom("deposits")
      .selectAll()
      .where("status", "in", status ? [status as "waiting"] : ["waiting", "review"])
      .orderBy("created_at")
      .limit(200)
      .execute();
    return { items: await withMembers(rows, (r) => depositView(db, r)) };
  });

  // Approval is tied to the request: its own amount, while it is still waiting. A different amount, or a request
  // that expired or came back for review, is an override: with a reason, confirmed by a second staff member.
  app.post(
    "/api/staff/deposits.approve",
    { config: { access: staffAccess("deposits.decide") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const body = parseWith(
        v.object({ id: Id, amount: v.optional(v.unknown()), reason: v.optional(Reason) }),
        request.body,
      );
      await expireDeposits(db);
      const row = await db.selectFrom("deposits").selectAll().where("id", "=", body.id).executeTakeFirst();
      if (!row) throw new AppError(404, "DEPOSIT_NOT_FOUND", "Deposit not found.");
      if (row.status === "approved") return depositView(db, row);
      if (!UNDECIDED.includes(row.status))
        throw new AppError(409, "DEPOSIT_NOT_PENDING", `This deposit is ${row.status}.`);
      const amount = body.amount === undefined ? row.prepare_amount : amountOf(body.amount);
      const override = amount !== row.prepare_amount || row.status !== "waiting";
      if (override && !body.reason) {
        if (row.status !== "waiting")
          throw new AppError(
            409,
            "DEPOSIT_EXPIRED",
            `This request is ${row.status}: approve it as an override with a reason; a second staff member confirms it.`,
          );
        throw reasonRequired();
      }
      if (override || amount > threshold) {
        return proposed(reply, staff, {
          kind: override ? "deposit.override" : "deposit.approve",
          target: `deposit:${row.id}`,
          memberId: row.member_id,
          amount,
          payload: {
            depositId: String(row.id),
            channel: row.channel,
            requestStatus: row.status,
            requestedAmount: satangToBaht(row.prepare_amount),
          },
          reason: body.reason ?? null,
        });
      }
      await refuseIfProposalWaiting(db, `deposit:${row.id}`);
      return depositView(
        db,
        await approveDeposit(db, body.id, { actor: actorOf(staff), allowFrom: ["waiting"] }),
      );
    },
  );

  app.post(
    "/api/staff/deposits.reject",
    { config: { access: staffAccess("deposits.decide") } },
    async (request) => {
      const staff = staffOf(request);
      const body = parseWith(v.object({ id: Id, reason: Reason }), request.body);
      const row = await rejectDeposit(db, body.id, actorOf(staff), body.reason);
      await closeOpenProposals(db, `deposit:${row.id}`, staff, body.reason);
      return depositView(db, row);
    },
  );

  app.get("/api/staff/statement-lines", { config: { access: staffAccess("deposits.decide") } }, async () => {
    const rows = await db
      .selectFrom("bank_statement_lines")
      .selectAll()
      .where("status", "=", "unmatched")
      .orderBy("occurred_at", "desc")
      .limit(200)
      .execute();
    return {
      items: rows.map((r) => ({
        id: String(r.id),
        receivingAccountId: String(r.receiving_account_id),
        externalId: r.external_id,
        amount: satangToBaht(r.amount),
        occurredAt: r.occurred_at.toISOString(),
        reference: r.reference,
        depositId: r.deposit_id === null ? null : String(r.deposit_id),
        source: r.source,
      })),
    };
  });

  // Pairing credits the line's amount: at once when it is the request's amount and within the threshold; a
  // different amount is an override (reason, second staff member), a larger one waits for a second person too.
  app.post(
    "/api/staff/statement-lines.assign",
    { config: { access: staffAccess("deposits.decide") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const body = parseWith(
        v.object({ lineId: Id, depositId: Id, reason: v.optional(Reason) }),
        request.body,
      );
      const line = await db
        .selectFrom("bank_statement_lines")
        .selectAll()
        .where("id", "=", body.lineId)
        .executeTakeFirst();
      const deposit = await db
        .selectFrom("deposits")
        .selectAll()
        .where("id", "=", body.depositId)
        .executeTakeFirst();
      // Already paired, unknown or decided: the pairing itself answers (idempotent, 404 or 409), moving nothing.
      if (line && deposit && line.status !== "matched" && UNDECIDED.includes(deposit.status)) {
        const override = line.amount !== deposit.prepare_amount;
        if (override && !body.reason) throw reasonRequired();
        if (override || line.amount > threshold) {
          return proposed(reply, staff, {
            kind: override ? "deposit.override" : "deposit.approve",
            target: `deposit:${deposit.id}`,
            memberId: deposit.member_id,
            amount: line.amount,
            payload: {
              depositId: String(deposit.id),
              lineId: String(line.id),
              channel: deposit.channel,
              requestStatus: deposit.status,
              requestedAmount: satangToBaht(deposit.prepare_amount),
            },
            reason: body.reason ?? null,
          });
        }
        await refuseIfProposalWaiting(db, `deposit:${deposit.id}`);
      }
      return depositView(db, await assignStatementLine(db, body.lineId, body.depositId, actorOf(staff)));
    },
  );

  app.get(
    "/api/staff/withdrawals",
    { config: { access: staffAccess("withdrawals.decide") } },
    async (request) => {
      const { status } = parseWith(ListQuery, request.query);
      const rows = await db
        .selectFrom("withdrawals")
        .selectAll()
        .where("status", "=", (status as "waiting" | "paid" | "rejected" | undefined) ?? "waiting")
        .orderBy("created_at")
        .limit(200)
        .execute();
      return { items: await withMembers(rows, (r) => withdrawalView(db, r)) };
    },
  );

  app.post(
    "/api/staff/withdrawals.pay",
    { config: { access: staffAccess("withdrawals.decide") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const { id } = parseWith(v.object({ id: Id }), request.body);
      const row = await db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirst();
      if (row?.status === "waiting" && row.amount > threshold) {
        const bank = (await withdrawalView(db, row)).bank;
        return proposed(reply, staff, {
          kind: "withdrawal.pay",
          target: `withdrawal:${row.id}`,
          memberId: row.member_id,
          amount: row.amount,
          payload: {
            withdrawalId: String(row.id),
            bankCode: bank.bankCode,
            accountNumber: bank.accountNumber,
            accountName: bank.accountName,
          },
          reason: null,
        });
      }
      return withdrawalView(db, await decideWithdrawal(db, id, { actor: actorOf(staff), pay: true }));
    },
  );

  // The first withdrawal to a newly added bank account needs this explicit review before it can be paid.
  app.post(
    "/api/staff/withdrawals.review",
    { config: { access: staffAccess("withdrawals.decide") } },
    async (request) => {
      const staff = staffOf(request);
      const { id } = parseWith(v.object({ id: Id }), request.body);
      return withdrawalView(db, await reviewWithdrawal(db, id, actorOf(staff)));
    },
  );

  app.post(
    "/api/staff/withdrawals.reject",
    { config: { access: staffAccess("withdrawals.decide") } },
    async (request) => {
      const staff = staffOf(request);
      const { id, reason } = parseWith(v.object({ id: Id, reason: Reason }), request.body);
      const row = await decideWithdrawal(db, id, { actor: actorOf(staff), pay: false, reason });
      await closeOpenProposals(db, `withdrawal:${row.id}`, staff, reason);
      return withdrawalView(db, row);
    },
  );

  app.get("/api/staff/member-banks", { config: { access: staffAccess("banks.verify") } }, async () => {
    const rows = await db
      .selectFrom("member_banks")
      .selectAll()
      .where("status", "in", ["pending", "mismatch"])
      .orderBy("created_at")
      .limit(200)
      .execute();
    return { items: await withMembers(rows, memberBankView) };
  });

  // Marking an account mismatched or rejected only stops withdrawals to it and happens at once; verifying it,
  // which lets money leave to it, is a proposal a second staff member confirms, under the member's own name.
  app.post(
    "/api/staff/member-banks.verify",
    { config: { access: staffAccess("banks.verify") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const body = parseWith(
        v.object({
          id: Id,
          accountName: v.pipe(
            text(200),
            v.trim(),
            v.minLength(2, "requestInvalid"),
            v.maxLength(120, "requestInvalid"),
          ),
          status: v.picklist(["verified", "mismatch", "rejected"], "requestInvalid"),
        }),
        request.body,
      );
      if (body.status === "verified") {
        const bank = await db
          .selectFrom("member_banks")
          .innerJoin("members", "members.id", "member_banks.member_id")
          .select([
            "member_banks.id",
            "member_banks.member_id",
            "member_banks.bank_code",
            "member_banks.account_number",
            "members.name",
          ])
          .where("member_banks.id", "=", body.id)
          .executeTakeFirst();
        if (!bank) throw new AppError(404, "BANK_NOT_FOUND", "Bank account not found.");
        requireHolderIsMember(body.accountName, bank.name);
        return proposed(reply, staff, {
          kind: "member-bank.verify",
          target: `member-bank:${bank.id}`,
          memberId: bank.member_id,
          amount: null,
          payload: {
            bankId: String(bank.id),
            bankCode: bank.bank_code,
            accountNumber: bank.account_number,
            accountName: body.accountName,
          },
          reason: null,
        });
      }
      const view = await inTransaction(db, async (trx) => {
        const before = await trx
          .selectFrom("member_banks")
          .selectAll()
          .where("id", "=", body.id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError(404, "BANK_NOT_FOUND", "Bank account not found.");
        const after = await trx
          .updateTable("member_banks")
          .set({ account_name: body.accountName, status: body.status, verified_at: null })
          .where("id", "=", body.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          actor: actorOf(staff),
          action: "member-bank.verify",
          subject: `member-bank:${body.id}`,
          before: { status: before.status, accountName: before.account_name },
          after: { status: after.status, accountName: after.account_name },
        });
        return memberBankView(after);
      });
      await closeOpenProposals(db, `member-bank:${body.id}`, staff, `marked ${body.status}`);
      return view;
    },
  );

  // Where members send money: the site's own bank accounts per channel (PromptPay id for QR). Adding, changing or
  // deactivating one is a proposal a second administrator confirms: one administrator alone could otherwise
  // point every deposit at an account of their own.
  app.get("/api/staff/receiving-accounts", { config: { access: staffAccess("site.money") } }, async () => {
    const rows = await db.selectFrom("receiving_accounts").selectAll().orderBy("id").execute();
    return { items: rows.map((r) => ({ ...receivingView(r), channels: r.channels, active: r.active })) };
  });

  app.post(
    "/api/staff/receiving-accounts.save",
    { config: { access: staffAccess("site.money") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const body = parseWith(
        v.object({
          bankCode: v.pipe(text(20), v.toLowerCase()),
          accountNumber: text(40),
          accountName: v.pipe(
            text(200),
            v.trim(),
            v.minLength(2, "requestInvalid"),
            v.maxLength(120, "requestInvalid"),
          ),
          promptpayId: v.optional(v.nullable(text(20))),
          channels: v.array(v.picklist(["normal", "fast", "qrcode"], "requestInvalid"), "requestInvalid"),
          active: v.boolean("requestInvalid"),
        }),
        request.body,
      );
      const accountNumber = normalizeAccountNumber(body.accountNumber);
      if (!accountNumber || validateBankAccount(body.bankCode, accountNumber)) {
        throw new AppError(
          400,
          "BANK_ACCOUNT_INVALID",
          "This account number is not valid for the chosen bank.",
        );
      }
      if (body.promptpayId) {
        try {
          promptPayTarget(body.promptpayId);
        } catch {
          throw new AppError(400, "PROMPTPAY_INVALID", "A PromptPay id is a mobile number or a 13-digit id.");
        }
      }
      const values: ReceivingAccountValues = {
        bank_code: body.bankCode,
        account_number: accountNumber,
        account_name: body.accountName,
        promptpay_id: body.promptpayId ?? null,
        channels: [...new Set(body.channels)],
        active: body.active,
      };
      const existing = await db
        .selectFrom("receiving_accounts")
        .select(["active"])
        .where("bank_code", "=", values.bank_code)
        .where("account_number", "=", values.account_number)
        .executeTakeFirst();
      const change = !existing ? "add" : existing.active && !values.active ? "deactivate" : "change";
      return proposed(reply, staff, {
        kind: "receiving-account.save",
        target: `receiving-account:${values.bank_code}:${values.account_number}`,
        memberId: null,
        amount: null,
        payload: receivingAccountPayload(values, change),
        reason: null,
      });
    },
  );

  // The ledger's invariants on demand (the same check as `npm run ledger:check`), for operators and the e2e suite.
  app.get("/api/staff/ledger.check", { config: { access: staffAccess("site.money") } }, async () => {
    const problems = await checkLedger(db);
    return { sound: problems.length === 0, problems };
  });

  // Every balance adjustment is a proposal: a second administrator confirms it, and only then does money move.
  app.post(
    "/api/staff/members.adjust",
    { config: { access: staffAccess("members.adjust") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const body = parseWith(
        v.object({
          uuid: v.pipe(text(40), v.uuid("requestInvalid")),
          type: v.picklist(["ADMIN_INCREASE", "ADMIN_DECREASE"], "requestInvalid"),
          amount: v.unknown(),
          reason: Reason,
          idempotencyKey: IdempotencyKey,
        }),
        request.body,
      );
      const amount = amountOf(body.amount);
      const member = await db
        .selectFrom("members")
        .select("id")
        .where("uuid", "=", body.uuid)
        .executeTakeFirst();
      if (!member) throw new AppError(404, "NOT_FOUND", "Member not found");
      // Said now rather than only at confirmation (which checks again): a decrease the balance cannot cover.
      if (body.type === "ADMIN_DECREASE") {
        if ((await memberAvailable(db, member.id, "member_cash")) < amount)
          throw new AppError(400, "INSUFFICIENT_FUNDS", "The member's balance is lower than this amount.");
      }
      const key = `adjust:${staff.id}:${body.idempotencyKey}`;
      return proposed(reply, staff, {
        kind: "member.adjust",
        target: key,
        memberId: member.id,
        amount,
        payload: { uuid: body.uuid, type: body.type },
        reason: body.reason,
        idempotencyKey: key,
      });
    },
  );

  app.get("/api/staff/proposals", { config: { access: staffAccess("members.read") } }, async (request) => {
    const staff = staffOf(request);
    const { status, limit } = parseWith(ProposalsQuery, request.query);
    return { items: await proposalViews(db, staff, status, limit) };
  });

  app.post(
    "/api/staff/proposals.confirm",
    { config: { access: staffAccess("members.read") } },
    async (request) => {
      const staff = staffOf(request);
      const { id } = parseWith(v.object({ id: Id }), request.body);
      return proposalView(await confirmProposal(db, staff, id), staff);
    },
  );

  app.post(
    "/api/staff/proposals.reject",
    { config: { access: staffAccess("members.read") } },
    async (request) => {
      const staff = staffOf(request);
      const { id, reason } = parseWith(v.object({ id: Id, reason: Reason }), request.body);
      return proposalView(await rejectProposal(db, staff, id, reason), staff);
    },
  );
}
