import type { FastifyInstance } from "fastify";
import { type TrueMoneyHistoryView, VoucherDepositBody } from "../../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../../src/domain/money.ts";
import { AppError } from "../../../http/errors.ts";
import { parseWith } from "../../../http/validate.ts";
import { ACCESS, memberOf } from "../../../kernel/access.ts";
import { isUniqueViolation } from "../../../kernel/db.ts";
import type { WalletDeps } from "../common.ts";
import { replayDeposit } from "../depositRequests.ts";
import { approveDeposit, depositView, maskVoucher } from "../deposits.ts";

/** TrueMoney gift links: https://gift.truemoney.com/campaign/?v=<code>. */
export function voucherCodeOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" || parsed.hostname !== "gift.truemoney.com") return null;
    const code = parsed.searchParams.get("v");
    return code && /^[A-Za-z0-9]{10,64}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

const voucherUsed = () => new AppError(409, "VOUCHER_USED", "This voucher has already been used.");

/**
 * TrueMoney gift vouchers (docs/wallet-api.md "TrueMoney"): redeemed at once through the payment provider, each
 * voucher once. The voucher is claimed in our database before the provider is asked, so two requests cannot both
 * redeem it; a refusal rejects the claim with the provider's reason.
 */
export async function trueMoneyChannel(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const money = { config: { access: ACCESS.money } };

  app.post("/api/deposits.truemoney", money, async (request, reply) => {
    const member = memberOf(request);
    const body = parseWith(VoucherDepositBody, request.body);
    const replayed = await replayDeposit(db, member.memberId, body.idempotencyKey, "truemoney");
    if (replayed) return replayed;
    if (!deps.payments.trueMoney.enabled) {
      throw new AppError(400, "CHANNEL_UNAVAILABLE", "This deposit channel is not available now.");
    }
    const code = voucherCodeOf(body.voucherUrl);
    if (!code) throw new AppError(400, "VOUCHER_INVALID", "Please paste a TrueMoney gift voucher link.");
    const used = await db
      .selectFrom("deposits")
      .select("id")
      .where("channel", "=", "truemoney")
      .where("reference", "=", code)
      .where("status", "<>", "rejected")
      .executeTakeFirst();
    if (used) throw voucherUsed();
    let claimed: bigint;
    try {
      const row = await db
        .insertInto("deposits")
        .values({
          member_id: member.memberId,
          channel: "truemoney",
          amount: 1n,
          prepare_amount: 1n,
          status: "waiting",
          reference: code,
          idempotency_key: body.idempotencyKey,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      claimed = row.id;
    } catch (err) {
      if (isUniqueViolation(err, "deposits_voucher_once")) throw voucherUsed();
      if (isUniqueViolation(err, "deposits_member_idempotency")) {
        const first = await replayDeposit(db, member.memberId, body.idempotencyKey, "truemoney");
        if (first) return first;
      }
      throw err;
    }
    const profile = await db
      .selectFrom("members")
      .select("phone_number")
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    let result: Awaited<ReturnType<typeof deps.payments.trueMoney.redeem>>;
    try {
      result = await deps.payments.trueMoney.redeem(code, profile.phone_number ?? "");
    } catch (err) {
      request.log.error({ err, depositId: String(claimed) }, "truemoney redeem failed");
      result = { ok: false, reason: "unavailable" };
    }
    if (!result.ok) {
      await db
        .updateTable("deposits")
        .set({
          status: "rejected",
          reason: result.reason,
          decided_by: "provider:truemoney",
          decided_at: new Date(),
        })
        .where("id", "=", claimed)
        .execute();
      throw new AppError(
        400,
        "VOUCHER_REJECTED",
        result.reason === "used"
          ? "This voucher has already been used."
          : result.reason === "expired"
            ? "This voucher has expired."
            : "The voucher could not be redeemed. Please check the link and try again.",
      );
    }
    await db
      .updateTable("deposits")
      .set({ amount: result.amount, prepare_amount: result.amount })
      .where("id", "=", claimed)
      .execute();
    const row = await approveDeposit(db, claimed, { actor: "provider:truemoney", allowFrom: ["waiting"] });
    reply.status(201);
    return depositView(db, row);
  });

  app.post("/api/true.wallet.history", money, async (request): Promise<TrueMoneyHistoryView> => {
    const member = memberOf(request);
    try {
      const rows = await db
        .selectFrom("deposits")
        .selectAll()
        .where("member_id", "=", member.memberId)
        .where("channel", "=", "truemoney")
        .orderBy("created_at", "desc")
        .limit(50)
        .execute();
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          amount: r.status === "approved" ? satangToBaht(r.prepare_amount) : null,
          status: r.status,
          reason: r.reason,
          voucher: r.reference ? maskVoucher(r.reference) : null,
          transferTime: (r.decided_at ?? r.created_at).toISOString(),
        })),
      };
    } catch (err) {
      // docs/wallet-api.md: a history failure gives an empty list and is logged.
      request.log.error({ err }, "true.wallet.history failed");
      return { items: [] };
    }
  });
}
