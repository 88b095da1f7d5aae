import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { normalizeAccountNumber, validateBankAccount } from "../../../src/domain/banks.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { promptPayTarget } from "../../../src/domain/promptpay.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { checkLedger } from "../../ledger/check.ts";
import {
  inTransaction,
  LedgerError,
  memberAccount,
  notifyCashChanged,
  systemAccount,
  transfer,
} from "../../ledger/ledger.ts";
import { audit } from "../staff/audit.ts";
import { actorOf, staffAuthenticator } from "../staff/routes.ts";
import { memberBankView } from "./banks.ts";
import { amountOf, Id, IdempotencyKey, type WalletDeps } from "./common.ts";
import {
  approveDeposit,
  assignStatementLine,
  depositView,
  expireDeposits,
  receivingView,
  rejectDeposit,
} from "./deposits.ts";
import { decideWithdrawal, withdrawalView } from "./withdrawals.ts";

const Reason = v.pipe(
  v.string("requestInvalid"),
  v.trim(),
  v.minLength(2, "requestInvalid"),
  v.maxLength(300, "requestInvalid"),
);
const ListQuery = v.object({
  status: v.optional(
    v.picklist(
      ["waiting", "review", "approved", "rejected", "expired", "paid", "unmatched"],
      "requestInvalid",
    ),
  ),
});

/** The back office's money desk: pending deposits and withdrawals, statement lines, bank checks, adjustments. */
export async function staffWalletRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const requireStaff = staffAuthenticator(deps);

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

  app.get("/api/staff/deposits", async (request) => {
    await requireStaff(request, "deposits.decide");
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

  app.post("/api/staff/deposits.approve", async (request) => {
    const staff = await requireStaff(request, "deposits.decide");
    const body = parseWith(v.object({ id: Id, amount: v.optional(v.unknown()) }), request.body);
    const row = await approveDeposit(db, body.id, {
      actor: actorOf(staff),
      ...(body.amount === undefined ? {} : { amount: amountOf(body.amount) }),
    });
    return depositView(db, row);
  });

  app.post("/api/staff/deposits.reject", async (request) => {
    const staff = await requireStaff(request, "deposits.decide");
    const body = parseWith(v.object({ id: Id, reason: Reason }), request.body);
    return depositView(db, await rejectDeposit(db, body.id, actorOf(staff), body.reason));
  });

  app.get("/api/staff/statement-lines", async (request) => {
    await requireStaff(request, "deposits.decide");
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

  app.post("/api/staff/statement-lines.assign", async (request) => {
    const staff = await requireStaff(request, "deposits.decide");
    const body = parseWith(v.object({ lineId: Id, depositId: Id }), request.body);
    return depositView(db, await assignStatementLine(db, body.lineId, body.depositId, actorOf(staff)));
  });

  app.get("/api/staff/withdrawals", async (request) => {
    await requireStaff(request, "withdrawals.decide");
    const { status } = parseWith(ListQuery, request.query);
    const rows = await db
      .selectFrom("withdrawals")
      .selectAll()
      .where("status", "=", (status as "waiting" | "paid" | "rejected" | undefined) ?? "waiting")
      .orderBy("created_at")
      .limit(200)
      .execute();
    return { items: await withMembers(rows, (r) => withdrawalView(db, r)) };
  });

  app.post("/api/staff/withdrawals.pay", async (request) => {
    const staff = await requireStaff(request, "withdrawals.decide");
    const { id } = parseWith(v.object({ id: Id }), request.body);
    return withdrawalView(db, await decideWithdrawal(db, id, { actor: actorOf(staff), pay: true }));
  });

  app.post("/api/staff/withdrawals.reject", async (request) => {
    const staff = await requireStaff(request, "withdrawals.decide");
    const { id, reason } = parseWith(v.object({ id: Id, reason: Reason }), request.body);
    return withdrawalView(db, await decideWithdrawal(db, id, { actor: actorOf(staff), pay: false, reason }));
  });

  app.get("/api/staff/member-banks", async (request) => {
    await requireStaff(request, "banks.verify");
    const rows = await db
      .selectFrom("member_banks")
      .selectAll()
      .where("status", "in", ["pending", "mismatch"])
      .orderBy("created_at")
      .limit(200)
      .execute();
    return { items: await withMembers(rows, memberBankView) };
  });

  app.post("/api/staff/member-banks.verify", async (request) => {
    const staff = await requireStaff(request, "banks.verify");
    const body = parseWith(
      v.object({
        id: Id,
        accountName: v.pipe(
          v.string("requestInvalid"),
          v.trim(),
          v.minLength(2, "requestInvalid"),
          v.maxLength(120, "requestInvalid"),
        ),
        status: v.picklist(["verified", "mismatch", "rejected"], "requestInvalid"),
      }),
      request.body,
    );
    return inTransaction(db, async (trx) => {
      const before = await trx
        .selectFrom("member_banks")
        .selectAll()
        .where("id", "=", body.id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError(404, "BANK_NOT_FOUND", "Bank account not found.");
      const after = await trx
        .updateTable("member_banks")
        .set({
          account_name: body.accountName,
          status: body.status,
          verified_at: body.status === "verified" ? new Date() : null,
        })
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
  });

  // Where members send money: the site's own bank accounts per channel (PromptPay id for QR).
  app.get("/api/staff/receiving-accounts", async (request) => {
    await requireStaff(request, "deposits.decide");
    const rows = await db.selectFrom("receiving_accounts").selectAll().orderBy("id").execute();
    return { items: rows.map((r) => ({ ...receivingView(r), channels: r.channels, active: r.active })) };
  });

  app.post("/api/staff/receiving-accounts.save", async (request) => {
    const staff = await requireStaff(request, "members.adjust");
    const body = parseWith(
      v.object({
        bankCode: v.pipe(v.string("requestInvalid"), v.toLowerCase()),
        accountNumber: v.pipe(v.string("requestInvalid"), v.maxLength(40, "requestInvalid")),
        accountName: v.pipe(
          v.string("requestInvalid"),
          v.trim(),
          v.minLength(2, "requestInvalid"),
          v.maxLength(120, "requestInvalid"),
        ),
        promptpayId: v.optional(
          v.nullable(v.pipe(v.string("requestInvalid"), v.maxLength(20, "requestInvalid"))),
        ),
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
    return inTransaction(db, async (trx) => {
      const values = {
        bank_code: body.bankCode,
        account_number: accountNumber,
        account_name: body.accountName,
        promptpay_id: body.promptpayId ?? null,
        channels: [...new Set(body.channels)],
        active: body.active,
      };
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
        actor: actorOf(staff),
        action: "receiving-account.save",
        subject: `receiving-account:${row.id}`,
        after: { ...values },
      });
      return { ...receivingView(row), channels: row.channels, active: row.active };
    });
  });

  // The ledger's invariants on demand (the same check as `npm run ledger:check`), for operators and the e2e suite.
  app.get("/api/staff/ledger.check", async (request) => {
    await requireStaff(request, "members.adjust");
    const problems = await checkLedger(db);
    return { sound: problems.length === 0, problems };
  });

  app.post("/api/staff/members.adjust", async (request) => {
    const staff = await requireStaff(request, "members.adjust");
    const body = parseWith(
      v.object({
        uuid: v.pipe(v.string("requestInvalid"), v.uuid("requestInvalid")),
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
    const cash = await memberAccount(db, member.id, "member_cash");
    const house = await systemAccount(db, "house:adjustments", "house");
    const increase = body.type === "ADMIN_INCREASE";
    try {
      const key = `adjust:${staff.id}:${body.idempotencyKey}`;
      const moved = await inTransaction(db, async (trx) => {
        const replay = await trx
          .selectFrom("ledger_transfers")
          .select("id")
          .where("idempotency_key", "=", key)
          .executeTakeFirst();
        const t = await transfer(
          db,
          {
            debitAccountId: increase ? house : cash,
            creditAccountId: increase ? cash : house,
            amount,
            type: body.type,
            reference: `adjust:${body.reason}`.slice(0, 300),
            idempotencyKey: key,
          },
          trx,
        );
        // A retry returns the first transfer and adds no second audit row.
        if (replay) return t;
        await audit(trx, {
          actor: actorOf(staff),
          action: "member.adjust",
          subject: `member:${body.uuid}`,
          after: {
            type: body.type,
            amount: satangToBaht(amount),
            reason: body.reason,
            transferId: String(t.id),
          },
        });
        return t;
      });
      await notifyCashChanged(db, [cash]);
      return { transferId: String(moved.id), type: moved.type, amount: satangToBaht(moved.amount) };
    } catch (err) {
      if (err instanceof LedgerError && err.code === "INSUFFICIENT_FUNDS") {
        throw new AppError(400, "INSUFFICIENT_FUNDS", "The member's balance is lower than this amount.");
      }
      if (err instanceof LedgerError && err.code === "IDEMPOTENCY_CONFLICT") {
        throw new AppError(409, "IDEMPOTENCY_CONFLICT", err.message);
      }
      throw err;
    }
  });
}
