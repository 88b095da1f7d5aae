import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import * as v from "valibot";
import { normalizeAccountNumber } from "../../../src/domain/banks.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import {
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  type DepositChannel,
  UNIQUE_AMOUNT_TTL_MS,
  UNIQUE_DEPOSIT_MAX,
} from "../../../src/domain/wallet.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import {
  amountOf,
  Id,
  IdempotencyKey,
  isUniqueViolation,
  requireMoneyMember,
  type WalletDeps,
} from "./common.ts";
import {
  activeReceivingAccounts,
  approveDeposit,
  createUniqueDeposit,
  type DepositRow,
  depositView,
  existingByKey,
  expireDeposits,
  ingestStatementLine,
  maskVoucher,
  receivingView,
  waitingUniqueDeposit,
} from "./deposits.ts";

const FastBody = v.object({
  amount: v.unknown(),
  bankId: v.optional(Id),
  idempotencyKey: IdempotencyKey,
});
const AmountBody = v.object({ amount: v.unknown(), idempotencyKey: IdempotencyKey });
const NormalBody = v.object({
  bankId: Id,
  channel: v.optional(v.pipe(v.string("requestInvalid"), v.maxLength(40, "requestInvalid"))),
  channelName: v.optional(v.pipe(v.string("requestInvalid"), v.maxLength(80, "requestInvalid"))),
  bankCode: v.pipe(v.string("requestInvalid"), v.maxLength(20, "requestInvalid")),
  bankAccountNumber: v.pipe(v.string("requestInvalid"), v.maxLength(40, "requestInvalid")),
  bankAccountName: v.optional(v.pipe(v.string("requestInvalid"), v.maxLength(120, "requestInvalid"))),
  amount: v.unknown(),
  depositAt: v.pipe(v.string("requestInvalid"), v.isoTimestamp("requestInvalid")),
  idempotencyKey: IdempotencyKey,
});
const VoucherBody = v.object({
  voucherUrl: v.pipe(v.string("requestInvalid"), v.trim(), v.maxLength(300, "requestInvalid")),
  idempotencyKey: IdempotencyKey,
});
const IdBody = v.object({ id: Id });
const DepositIdBody = v.object({ depositId: Id });
const FeedBody = v.object({
  lines: v.pipe(
    v.array(
      v.object({
        externalId: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
        bankCode: v.pipe(v.string(), v.toLowerCase(), v.maxLength(20)),
        accountNumber: v.pipe(v.string(), v.maxLength(40)),
        amount: v.unknown(),
        occurredAt: v.pipe(v.string(), v.isoTimestamp()),
        reference: v.optional(v.pipe(v.string(), v.maxLength(200))),
      }),
    ),
    v.minLength(1),
    v.maxLength(500),
  ),
});

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

function checkRange(amount: bigint, max: bigint) {
  if (amount < DEPOSIT_MIN || amount > max) {
    throw new AppError(
      400,
      "DEPOSIT_RANGE",
      `Deposits are from ${satangToBaht(DEPOSIT_MIN)} to ${satangToBaht(max)} baht.`,
    );
  }
}

/** Deposits by every channel (docs/wallet-api.md), the demo bank and chain, and the bank statement webhook. */
export async function depositRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const demo = deps.config.mode === "demo";

  // Unique amounts expire even when nobody looks at them, so their satang are free for others.
  const sweep = setInterval(() => {
    expireDeposits(db).catch((err) => app.log.warn({ err }, "deposit expiry sweep failed"));
  }, 60_000);
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));

  /** Replays a create with a used key: the same request returns its first result, another one is refused. */
  async function replay(memberId: bigint, key: string, channel: DepositChannel) {
    const existing = await existingByKey(db, memberId, key);
    if (!existing) return null;
    if (existing.channel !== channel) {
      throw new AppError(409, "IDEMPOTENCY_CONFLICT", "This request was already used for another deposit.");
    }
    return depositView(db, existing);
  }

  async function refuseIfWaiting(memberId: bigint) {
    await expireDeposits(db);
    const waiting = await waitingUniqueDeposit(db, memberId);
    if (waiting) {
      throw new AppError(409, "DEPOSIT_WAITING", "Please finish or cancel your waiting deposit first.", {
        deposit: await depositView(db, waiting),
      });
    }
  }

  /**
   * Makes a new request and answers 201 with it. A second waiting request that slipped past the check is
   * refused like the check would; a retry that raced its first try gets the first one's answer.
   */
  async function created(
    reply: FastifyReply,
    memberId: bigint,
    key: string,
    channel: DepositChannel,
    insert: () => Promise<DepositRow>,
  ) {
    try {
      const row = await insert();
      reply.status(201);
      return depositView(db, row);
    } catch (err) {
      if (isUniqueViolation(err, "deposits_one_waiting_per_member")) await refuseIfWaiting(memberId);
      if (isUniqueViolation(err, "deposits_member_idempotency")) {
        return (await replay(memberId, key, channel)) ?? Promise.reject(err);
      }
      throw err;
    }
  }

  app.get("/api/deposit-channels", async (request) => {
    await requireMoneyMember(deps, request);
    const [normal, fast, qrcode] = await Promise.all([
      activeReceivingAccounts(db, "normal"),
      activeReceivingAccounts(db, "fast"),
      activeReceivingAccounts(db, "qrcode"),
    ]);
    return {
      normal: { accounts: normal.map(receivingView) },
      fast: { accounts: fast.map(receivingView) },
      qrcode: { accounts: qrcode.filter((a) => a.promptpay_id).map(receivingView) },
      truemoney: { enabled: deps.payments.trueMoney.enabled },
      crypto: {
        enabled: deps.payments.crypto.enabled,
        currency: deps.payments.crypto.currency,
        network: deps.payments.crypto.network,
        rate: deps.payments.crypto.enabled ? satangToBaht(await deps.payments.crypto.rateSatang()) : null,
      },
      limits: {
        min: satangToBaht(DEPOSIT_MIN),
        max: satangToBaht(DEPOSIT_MAX),
        uniqueMax: satangToBaht(UNIQUE_DEPOSIT_MAX),
        ttlSeconds: UNIQUE_AMOUNT_TTL_MS / 1000,
      },
      demo,
    };
  });

  for (const channel of ["fast", "qrcode"] as const) {
    app.post(`/api/deposits.${channel}`, async (request, reply) => {
      const member = await requireMoneyMember(deps, request);
      const body = parseWith(channel === "fast" ? FastBody : AmountBody, request.body) as v.InferOutput<
        typeof FastBody
      >;
      const replayed = await replay(member.memberId, body.idempotencyKey, channel);
      if (replayed) return replayed;
      const amount = amountOf(body.amount);
      if (amount % 100n !== 0n) {
        throw new AppError(400, "AMOUNT_WHOLE_BAHT", "Please enter whole baht; we add the satang for you.");
      }
      checkRange(amount, UNIQUE_DEPOSIT_MAX);
      await refuseIfWaiting(member.memberId);
      const accounts = (await activeReceivingAccounts(db, channel)).filter(
        (a) => channel === "fast" || a.promptpay_id,
      );
      const receiving = body.bankId ? accounts.find((a) => a.id === body.bankId) : accounts[0];
      if (!receiving)
        throw new AppError(400, "CHANNEL_UNAVAILABLE", "This deposit channel is not available now.");
      return created(reply, member.memberId, body.idempotencyKey, channel, () =>
        createUniqueDeposit(db, {
          memberId: member.memberId,
          channel,
          amount,
          receiving,
          idempotencyKey: body.idempotencyKey,
        }),
      );
    });
  }

  app.post("/api/deposits.normal", async (request, reply) => {
    const member = await requireMoneyMember(deps, request);
    const body = parseWith(NormalBody, request.body);
    const replayed = await replay(member.memberId, body.idempotencyKey, "normal");
    if (replayed) return replayed;
    const amount = amountOf(body.amount);
    checkRange(amount, DEPOSIT_MAX);
    const depositAt = new Date(body.depositAt);
    const now = Date.now();
    if (depositAt.getTime() > now + 5 * 60_000 || depositAt.getTime() < now - 3 * 24 * 3_600_000) {
      throw new AppError(400, "DEPOSIT_TIME", "Please enter when you transferred (within the last 3 days).");
    }
    const receiving = (await activeReceivingAccounts(db, "normal")).find((a) => a.id === body.bankId);
    if (!receiving) throw new AppError(400, "CHANNEL_UNAVAILABLE", "Please choose one of our bank accounts.");
    const from = await db
      .selectFrom("member_banks")
      .selectAll()
      .where("member_id", "=", member.memberId)
      .where("bank_code", "=", body.bankCode.toLowerCase())
      .where("account_number", "=", normalizeAccountNumber(body.bankAccountNumber) ?? "")
      .where("status", "<>", "rejected")
      .executeTakeFirst();
    if (!from) {
      throw new AppError(400, "BANK_NOT_OWN", "Please choose one of your own registered bank accounts.");
    }
    return created(reply, member.memberId, body.idempotencyKey, "normal", () =>
      db
        .insertInto("deposits")
        .values({
          member_id: member.memberId,
          channel: "normal",
          receiving_account_id: receiving.id,
          member_bank_id: from.id,
          amount,
          prepare_amount: amount,
          status: "waiting",
          deposit_at: depositAt,
          idempotency_key: body.idempotencyKey,
          details: JSON.stringify({ channel: body.channel ?? null, channelName: body.channelName ?? null }),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  });

  app.post("/api/deposits.truemoney", async (request, reply) => {
    const member = await requireMoneyMember(deps, request);
    const body = parseWith(VoucherBody, request.body);
    const replayed = await replay(member.memberId, body.idempotencyKey, "truemoney");
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
    if (used) throw new AppError(409, "VOUCHER_USED", "This voucher has already been used.");
    // The voucher is claimed in our database before the provider is asked, so two requests cannot both redeem it.
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
      if (isUniqueViolation(err, "deposits_voucher_once")) {
        throw new AppError(409, "VOUCHER_USED", "This voucher has already been used.");
      }
      if (isUniqueViolation(err, "deposits_member_idempotency")) {
        return (await replay(member.memberId, body.idempotencyKey, "truemoney")) ?? Promise.reject(err);
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

  app.post("/api/deposits.crypto", async (request, reply) => {
    const member = await requireMoneyMember(deps, request);
    const body = parseWith(AmountBody, request.body);
    const replayed = await replay(member.memberId, body.idempotencyKey, "crypto");
    if (replayed) return replayed;
    const crypto = deps.payments.crypto;
    if (!crypto.enabled)
      throw new AppError(400, "CHANNEL_UNAVAILABLE", "This deposit channel is not available now.");
    const amount = amountOf(body.amount);
    checkRange(amount, DEPOSIT_MAX);
    await refuseIfWaiting(member.memberId);
    const rate = await crypto.rateSatang();
    // Units with 6 decimals (USDT), rounded up so the member never sends less than the baht amount.
    const micro = (amount * 1_000_000n + rate - 1n) / rate;
    const cryptoAmount = `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, "0")}`;
    const address = await crypto.depositAddress(member.uuid);
    return created(reply, member.memberId, body.idempotencyKey, "crypto", () =>
      db
        .insertInto("deposits")
        .values({
          member_id: member.memberId,
          channel: "crypto",
          amount,
          prepare_amount: amount,
          status: "waiting",
          reference: address,
          expires_at: sql<Date>`now() + ${`${UNIQUE_AMOUNT_TTL_MS} milliseconds`}::interval`,
          idempotency_key: body.idempotencyKey,
          details: JSON.stringify({
            crypto: {
              address,
              currency: crypto.currency,
              network: crypto.network,
              cryptoAmount,
              rate: satangToBaht(rate),
            },
          }),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  });

  async function ownDeposit(request: FastifyRequest, id: bigint) {
    const member = await requireMoneyMember(deps, request);
    await expireDeposits(db);
    const row = await db
      .selectFrom("deposits")
      .selectAll()
      .where("id", "=", id)
      .where("member_id", "=", member.memberId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, "DEPOSIT_NOT_FOUND", "Deposit not found.");
    return row;
  }

  app.get("/api/deposits.one", async (request) => {
    const { id } = parseWith(IdBody, request.query);
    return depositView(db, await ownDeposit(request, id));
  });

  app.post("/api/deposits.cancel", async (request) => {
    const { id } = parseWith(IdBody, request.body);
    const row = await ownDeposit(request, id);
    if (row.channel === "normal" || row.channel === "truemoney") {
      throw new AppError(409, "DEPOSIT_NOT_CANCELLABLE", "This deposit cannot be cancelled.");
    }
    const updated = await db
      .updateTable("deposits")
      .set({ status: "cancelled", decided_by: "member", decided_at: new Date() })
      .where("id", "=", row.id)
      .where("status", "=", "waiting")
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const current = await db
        .selectFrom("deposits")
        .selectAll()
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow();
      if (current.status === "cancelled") return depositView(db, current);
      throw new AppError(409, "DEPOSIT_NOT_PENDING", `This deposit is ${current.status}.`);
    }
    return depositView(db, updated);
  });

  app.post("/api/true.wallet.history", async (request) => {
    const member = await requireMoneyMember(deps, request);
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
      // SPEC.md section 8: a history failure gives an empty list and is logged.
      request.log.error({ err }, "true.wallet.history failed");
      return { items: [] };
    }
  });

  // The demo bank and chain stand in for a real bank statement feed and a blockchain watcher, so a newcomer
  // can deposit end to end. They exist only in demo mode and only act on the caller's own deposits.
  if (demo) {
    app.post("/api/demo-bank/transfer", async (request) => {
      const { depositId } = parseWith(DepositIdBody, request.body);
      const deposit = await ownDeposit(request, depositId);
      if (!deposit.receiving_account_id || (deposit.channel !== "fast" && deposit.channel !== "qrcode")) {
        throw new AppError(400, "DEMO_NOT_APPLICABLE", "The demo bank only pays fast and QR deposits.");
      }
      const receiving = await db
        .selectFrom("receiving_accounts")
        .select(["id", "demo"])
        .where("id", "=", deposit.receiving_account_id)
        .executeTakeFirstOrThrow();
      if (!receiving.demo)
        throw new AppError(400, "DEMO_NOT_APPLICABLE", "Only demo accounts take demo transfers.");
      const result = await ingestStatementLine(db, {
        receivingAccountId: receiving.id,
        externalId: `demo-${deposit.id}-${randomBytes(4).toString("hex")}`,
        amount: deposit.prepare_amount,
        occurredAt: new Date(),
        reference: "DEMO BANK",
        source: "demo-bank",
      });
      return { ...result, deposit: await depositView(db, await ownDeposit(request, depositId)) };
    });

    app.post("/api/demo-chain/confirm", async (request) => {
      const { depositId } = parseWith(DepositIdBody, request.body);
      const deposit = await ownDeposit(request, depositId);
      if (deposit.channel !== "crypto") {
        throw new AppError(400, "DEMO_NOT_APPLICABLE", "The demo chain only confirms crypto deposits.");
      }
      if (deposit.status !== "waiting" && deposit.status !== "approved") {
        throw new AppError(409, "DEPOSIT_NOT_PENDING", `This deposit is ${deposit.status}.`);
      }
      const row = await approveDeposit(db, deposit.id, {
        actor: "provider:demo-chain",
        allowFrom: ["waiting"],
      });
      return { deposit: await depositView(db, row) };
    });
  }

  // Bank statement webhook: HMAC over the raw body, so a forged or altered line is refused before it is read.
  if (deps.config.bankFeedSecret) {
    const secret = deps.config.bankFeedSecret;
    app.register(async (feed) => {
      feed.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
        done(null, body),
      );
      feed.post("/api/bank-feed/statements", async (request) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const signature = String(request.headers["x-signature"] ?? "");
        const expected = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
        const a = Buffer.from(signature);
        const b = Buffer.from(expected);
        if (a.length !== b.length || !timingSafeEqual(a, b)) {
          throw new AppError(401, "SIGNATURE_INVALID", "The signature does not match the body.");
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw new AppError(400, "requestInvalid", "The body is not JSON.");
        }
        const { lines } = parseWith(FeedBody, json);
        const results = [];
        for (const line of lines) {
          const amount = amountOf(line.amount);
          const receiving = await db
            .selectFrom("receiving_accounts")
            .select("id")
            .where("bank_code", "=", line.bankCode)
            .where("account_number", "=", normalizeAccountNumber(line.accountNumber) ?? "")
            .executeTakeFirst();
          if (!receiving) {
            results.push({ externalId: line.externalId, result: "unknown_account" });
            continue;
          }
          const outcome = await ingestStatementLine(db, {
            receivingAccountId: receiving.id,
            externalId: line.externalId,
            amount,
            occurredAt: new Date(line.occurredAt),
            reference: line.reference ?? null,
            source: "feed",
          });
          results.push({ externalId: line.externalId, ...outcome });
        }
        return { results };
      });
    });
  }
}
