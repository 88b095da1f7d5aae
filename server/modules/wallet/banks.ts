import type { FastifyInstance } from "fastify";
import type { Selectable } from "kysely";
import { holderNamesMatch, normalizeAccountNumber, validateBankAccount } from "../../../src/domain/banks.ts";
import { AddBankBody, type MemberBankView } from "../../../src/domain/contracts/money.ts";
import { MEMBER_BANKS_MAX, type MemberBankStatus } from "../../../src/domain/wallet.ts";
import type { MemberBanksTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import type { Executor } from "../../kernel/db.ts";
import { inTransaction, iso, isUniqueViolation } from "../../kernel/db.ts";
import { lastFour, recordAccountChange } from "../accounts/accountChanges.ts";
import { confirmWithPin, pinOf } from "../accounts/pinConfirm.ts";
import { requestContext } from "../accounts/securityEvents.ts";
import { bankMessage } from "./bankMessages.ts";
import type { WalletDeps } from "./common.ts";

export function memberBankView(row: Selectable<MemberBanksTable>): MemberBankView {
  return {
    id: String(row.id),
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    status: row.status as MemberBankStatus,
    createdAt: iso(row.created_at),
  };
}

/** The member's own account, or 404 (another member's id is indistinguishable from a missing one). */
export async function ownBank(db: Executor, memberId: bigint, bankId: bigint) {
  const row = await db
    .selectFrom("member_banks")
    .selectAll()
    .where("id", "=", bankId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, "BANK_NOT_FOUND", "This bank account was not found.");
  return row;
}

/** Bank accounts (docs/wallet-api.md "Bank accounts"): users-banks.create and the list behind /bank/status. */
export async function bankRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const money = { config: { access: ACCESS.money } };

  app.get("/api/users-banks", money, async (request) => {
    const member = memberOf(request);
    const rows = await db
      .selectFrom("member_banks")
      .selectAll()
      .where("member_id", "=", member.memberId)
      .orderBy("id")
      .execute();
    return { banks: rows.map(memberBankView) };
  });

  // The messages here are shown to players as they are (docs/wallet-api.md: add-bank shows the server's message).
  app.post("/api/users-banks.create", money, async (request, reply) => {
    const member = memberOf(request);
    const body = parseWith(AddBankBody, request.body);
    const accountNumber = normalizeAccountNumber(body.bankAccountNumber);
    const problem =
      accountNumber === null ? "BANK_ACCOUNT_INVALID" : validateBankAccount(body.bankCode, accountNumber);
    if (problem === "BANK_UNKNOWN") throw new AppError(400, problem, bankMessage(request, problem));
    if (problem || accountNumber === null) {
      throw new AppError(400, "BANK_ACCOUNT_INVALID", bankMessage(request, "BANK_ACCOUNT_INVALID"));
    }
    const profile = await db
      .selectFrom("members")
      .select("name")
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    const memberName = profile.name?.trim() ?? "";
    if (!memberName) {
      throw new AppError(400, "NAME_REQUIRED", bankMessage(request, "NAME_REQUIRED"));
    }
    const existing = await db
      .selectFrom("member_banks")
      .select(({ fn }) => fn.countAll<string>().as("count"))
      .where("member_id", "=", member.memberId)
      .where("status", "<>", "rejected")
      .executeTakeFirstOrThrow();
    if (Number(existing.count) >= MEMBER_BANKS_MAX) {
      throw new AppError(409, "BANK_LIMIT", bankMessage(request, "BANK_LIMIT"));
    }
    // A new payout destination is where a thief with a stolen session would send the money: it takes the PIN.
    await confirmWithPin(db, member.memberId, pinOf(request.body), requestContext(request));

    let holder: string | null = null;
    try {
      holder = await deps.payments.bankVerifier.holderName({
        bankCode: body.bankCode,
        accountNumber,
        memberName,
      });
    } catch (err) {
      // The bank could not be asked: the account is kept and staff verify it.
      request.log.warn({ err, bankCode: body.bankCode }, "bank account verification failed");
    }
    const status: MemberBankStatus =
      holder === null ? "pending" : holderNamesMatch(holder, memberName) ? "verified" : "mismatch";
    try {
      const row = await inTransaction(db, async (trx) => {
        const added = await trx
          .insertInto("member_banks")
          .values({
            member_id: member.memberId,
            bank_code: body.bankCode,
            account_number: accountNumber,
            account_name: holder,
            status,
            verified_at: status === "verified" ? new Date() : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAccountChange(trx, {
          memberId: member.memberId,
          type: "bank-added",
          params: { bank: body.bankCode, last4: lastFour(accountNumber) },
          context: requestContext(request),
        });
        return added;
      });
      reply.status(201);
      return memberBankView(row);
    } catch (err) {
      if (isUniqueViolation(err, "member_banks_account_once")) {
        throw new AppError(409, "BANK_ACCOUNT_TAKEN", bankMessage(request, "BANK_ACCOUNT_TAKEN"));
      }
      throw err;
    }
  });
}
