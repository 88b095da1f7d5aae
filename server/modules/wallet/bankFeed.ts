import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { normalizeAccountNumber } from "../../../src/domain/banks.ts";
import { BankFeedBody } from "../../../src/domain/contracts/money.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { amountOf } from "./common.ts";
import { ingestStatementLine } from "./deposits.ts";

/** How far a bank feed delivery's signed timestamp may be from the server's clock, either way. */
export const BANK_FEED_WINDOW_MS = 5 * 60 * 1000;
const WINDOW_MINUTES = BANK_FEED_WINDOW_MS / 60_000;

/**
 * The bank statement webhook (README "BANK_FEED_SECRET", docs/security.md "Bank statement webhook"): HMAC over
 * the timestamp and the raw body, so a forged or altered line is refused before it is read, an old delivery is
 * refused by its timestamp, and a delivery replayed within the window is refused by its signature
 * (bank_feed_deliveries). Each line is ingested once per account and external id (deposits.ts matches it).
 * Registered only when BANK_FEED_SECRET is set; it reads the raw body, so it lives in a context of its own.
 */
export async function bankFeedRoutes(app: FastifyInstance, deps: { database: Database; secret: string }) {
  const { db } = deps.database;
  const { secret } = deps;
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));

  app.post("/api/bank-feed/statements", async (request) => {
    const raw = typeof request.body === "string" ? request.body : "";
    const timestamp = String(request.headers["x-timestamp"] ?? "");
    const signature = String(request.headers["x-signature"] ?? "");
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex")}`;
    const a = Buffer.from(signature);
    const b = Buffer.from(expected);
    if (!/^\d{1,12}$/.test(timestamp) || a.length !== b.length || !timingSafeEqual(a, b)) {
      throw new AppError(401, "SIGNATURE_INVALID", "The signature does not match the timestamp and body.");
    }
    const signedAt = new Date(Number(timestamp) * 1000);
    if (Math.abs(Date.now() - signedAt.getTime()) > BANK_FEED_WINDOW_MS) {
      throw new AppError(
        401,
        "SIGNATURE_EXPIRED",
        `The timestamp is more than ${WINDOW_MINUTES} minutes from the server's clock.`,
      );
    }
    await db
      .deleteFrom("bank_feed_deliveries")
      .where("received_at", "<", new Date(Date.now() - 2 * BANK_FEED_WINDOW_MS))
      .execute();
    const first = await db
      .insertInto("bank_feed_deliveries")
      .values({ signature: expected, signed_at: signedAt })
      .onConflict((oc) => oc.column("signature").doNothing())
      .returning("signature")
      .executeTakeFirst();
    if (!first) {
      throw new AppError(409, "REPLAYED", "This delivery was received before; sign a new one to send again.");
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AppError(400, "requestInvalid", "The body is not JSON.");
    }
    const { lines } = parseWith(BankFeedBody, json);
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
}
