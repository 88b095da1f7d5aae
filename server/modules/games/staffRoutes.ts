import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import * as v from "valibot";
import { IdempotencyKey } from "../../../src/domain/contracts/common.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { integer, text } from "../../../src/domain/text.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { staffAccess, staffOf } from "../../kernel/access.ts";
import { accountBalance, memberAccount } from "../../ledger/ledger.ts";
import { amountOf } from "../wallet/common.ts";
import { proposalView, propose } from "../wallet/fourEyes.ts";
import { shortfallState } from "./shortfalls.ts";

/**
 * The back office's games money (docs/games-api.md "Back office"; rights in docs/staff-roles.md): a member's game
 * transactions and the providers' callbacks for reconciliation with a provider's reports, the shortfalls of
 * rolled-back wins, and corrections of a member's game money (GAME_ADD / GAME_DEDUCT), each a proposal that a
 * second administrator confirms before anything moves (server/modules/wallet/fourEyes.ts).
 */

const Search = v.object({
  q: v.pipe(text(200), v.trim(), v.minLength(1, "requestInvalid"), v.maxLength(120, "requestInvalid")),
  limit: v.optional(integer(1, 200), 50),
});
const ShortfallQuery = v.object({
  open: v.optional(v.picklist(["true", "false"], "requestInvalid")),
  limit: v.optional(integer(1, 200), 50),
});
const Reason = v.pipe(
  text(400),
  v.trim(),
  v.minLength(2, "requestInvalid"),
  v.maxLength(300, "requestInvalid"),
);
const AdjustBody = v.object({
  uuid: v.pipe(text(40), v.uuid("requestInvalid")),
  provider: v.pipe(text(40), v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "requestInvalid")),
  type: v.picklist(["GAME_ADD", "GAME_DEDUCT"], "requestInvalid"),
  amount: v.unknown(),
  reason: Reason,
  idempotencyKey: IdempotencyKey,
  shortfallId: v.optional(v.pipe(text(20), v.regex(/^[1-9]\d{0,17}$/, "requestInvalid"))),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Bytes of a callback's request shown to staff (the rest is cut; the row keeps every byte). */
const REQUEST_SHOWN = 4_000;

/**
 * A callback's request as staff see it: text, with the game session token (a bearer credential of the member's
 * game session) masked, whatever the dialect calls the field.
 */
export function shownRequest(body: Buffer): string {
  const textBody = body.toString("utf8");
  let shown: string;
  try {
    shown = JSON.stringify(JSON.parse(textBody), (key, value) =>
      key === "token" && typeof value === "string" ? `…${value.slice(-4)}` : value,
    );
  } catch {
    shown = textBody.replace(/("token"\s*:\s*")[^"]*(")/g, "$1[masked]$2");
  }
  return shown.length > REQUEST_SHOWN ? `${shown.slice(0, REQUEST_SHOWN)}…` : shown;
}

export async function gameStaffRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database },
): Promise<void> {
  const { db } = deps.database;

  /**
   * `q`: a member (uuid, or user name exactly) or a provider's transaction or round id. A member: their game
   * transactions and callbacks, newest first. An id: the transactions with it (as their own id, the one they
   * reference, or their round) and the callbacks about it.
   */
  app.get(
    "/api/staff/games/transactions",
    { config: { access: staffAccess("games.read") } },
    async (request) => {
      const { q, limit } = parseWith(Search, request.query);
      const member = await db
        .selectFrom("members")
        .select(["id", "uuid", "user_name", "name"])
        .where((eb) =>
          UUID.test(q)
            ? eb.or([eb("uuid", "=", q.toLowerCase()), eb(sql`lower(user_name)`, "=", q.toLowerCase())])
            : eb(sql`lower(user_name)`, "=", q.toLowerCase()),
        )
        .executeTakeFirst();

      let transactions = db
        .selectFrom("game_transactions as g")
        .innerJoin("game_providers as p", "p.id", "g.provider_id")
        .innerJoin("members as m", "m.id", "g.member_id")
        .leftJoin("ledger_transfers as l", "l.id", "g.transfer_id")
        .select([
          "g.id",
          "p.code as provider",
          "m.uuid",
          "m.user_name",
          "g.kind",
          "g.state",
          "g.provider_tx_id",
          "g.reference_tx_id",
          "g.round_id",
          "g.game_code",
          "g.amount",
          "g.provider_amount",
          "g.currency",
          "g.is_free",
          "g.reverses",
          "g.response",
          "g.transfer_id",
          "l.type as transfer_type",
          "g.created_at",
        ])
        .orderBy("g.id", "desc")
        .limit(limit);
      let callbacks = db
        .selectFrom("game_callbacks")
        .select([
          "id",
          "provider_code",
          "call",
          "verdict",
          "http_status",
          "status",
          "provider_tx_id",
          "member_id",
          "ms",
          "request_body",
          "response_body",
          "created_at",
        ])
        .orderBy("id", "desc")
        .limit(limit);
      if (member) {
        transactions = transactions.where("g.member_id", "=", member.id);
        callbacks = callbacks.where("member_id", "=", member.id);
      } else {
        transactions = transactions.where((eb) =>
          eb.or([eb("g.provider_tx_id", "=", q), eb("g.reference_tx_id", "=", q), eb("g.round_id", "=", q)]),
        );
        callbacks = callbacks.where("provider_tx_id", "=", q);
      }
      const [txRows, callbackRows] = await Promise.all([transactions.execute(), callbacks.execute()]);
      return {
        member: member ? { uuid: member.uuid, userName: member.user_name, name: member.name } : null,
        transactions: txRows.map((r) => ({
          id: String(r.id),
          provider: r.provider,
          member: { uuid: r.uuid, userName: r.user_name },
          kind: r.kind,
          state: r.state,
          providerTxId: r.provider_tx_id,
          referenceTxId: r.reference_tx_id,
          roundId: r.round_id,
          gameCode: r.game_code,
          amount: satangToBaht(r.amount),
          providerAmount: r.provider_amount,
          currency: r.currency,
          free: r.is_free,
          reverses: r.reverses,
          answered: r.response
            ? { code: r.response.code, balance: satangToBaht(BigInt(r.response.balance)) }
            : null,
          transfer: r.transfer_id === null ? null : { id: String(r.transfer_id), type: r.transfer_type },
          createdAt: r.created_at.toISOString(),
        })),
        callbacks: callbackRows.map((r) => ({
          id: String(r.id),
          provider: r.provider_code,
          call: r.call,
          verdict: r.verdict,
          httpStatus: r.http_status,
          status: r.status,
          providerTxId: r.provider_tx_id,
          ms: r.ms,
          request: shownRequest(r.request_body),
          response: r.response_body,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },
  );

  /** Shortfalls of rolled-back wins, newest first, with what corrections have recovered (`open=true`: owed still). */
  app.get(
    "/api/staff/games/shortfalls",
    { config: { access: staffAccess("games.read") } },
    async (request) => {
      const { open, limit } = parseWith(ShortfallQuery, request.query);
      const recovered = db
        .selectFrom("staff_proposals")
        .select([
          sql<string>`payload->>'shortfallId'`.as("shortfall_id"),
          sql<string>`sum(amount) filter (where status = 'confirmed')`.as("recovered"),
          sql<string | null>`max(id) filter (where status = 'proposed')`.as("waiting"),
        ])
        .where("kind", "=", "game.adjust")
        .where(sql<boolean>`payload->>'shortfallId' is not null`)
        .groupBy(sql`payload->>'shortfallId'`)
        .as("r");
      let query = db
        .selectFrom("game_shortfalls as s")
        .innerJoin("game_providers as p", "p.id", "s.provider_id")
        .innerJoin("members as m", "m.id", "s.member_id")
        .innerJoin("game_transactions as g", "g.id", "s.game_transaction_id")
        .leftJoin(recovered, (join) => join.on(sql`r.shortfall_id`, "=", sql`s.id::text`))
        .select([
          "s.id",
          "p.code as provider",
          "m.uuid",
          "m.user_name",
          "s.amount",
          "s.taken",
          "s.owed",
          sql<string | null>`r.recovered`.as("recovered"),
          sql<string | null>`r.waiting`.as("waiting"),
          "g.provider_tx_id",
          "g.reference_tx_id",
          "g.round_id",
          "g.game_code",
          "s.created_at",
        ])
        .orderBy("s.id", "desc")
        .limit(limit);
      if (open === "true") query = query.where(sql<boolean>`s.owed > coalesce(r.recovered::bigint, 0)`);
      const rows = await query.execute();
      return {
        items: rows.map((r) => {
          const back = BigInt(r.recovered ?? 0);
          return {
            id: String(r.id),
            provider: r.provider,
            member: { uuid: r.uuid, userName: r.user_name },
            amount: satangToBaht(r.amount),
            taken: satangToBaht(r.taken),
            owed: satangToBaht(r.owed),
            recovered: satangToBaht(back),
            outstanding: satangToBaht(r.owed - back),
            waitingProposalId: r.waiting,
            rollback: {
              transactionId: r.provider_tx_id,
              of: r.reference_tx_id,
              roundId: r.round_id,
              game: r.game_code,
            },
            createdAt: r.created_at.toISOString(),
          };
        }),
      };
    },
  );

  /**
   * A correction of a member's game money: GAME_ADD (from the provider's house account) or GAME_DEDUCT (back to
   * it), always a proposal (202) that another administrator confirms; nothing moves until then. With `shortfallId`
   * it recovers that shortfall (GAME_DEDUCT only, at most what is still owed, one proposal at a time).
   */
  app.post(
    "/api/staff/games/adjust",
    { config: { access: staffAccess("games.adjust") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const body = parseWith(AdjustBody, request.body);
      const amount = amountOf(body.amount);
      const member = await db
        .selectFrom("members")
        .select(["id", "uuid"])
        .where("uuid", "=", body.uuid.toLowerCase())
        .executeTakeFirst();
      if (!member) throw new AppError(404, "NOT_FOUND", "Member not found");
      const provider = await db
        .selectFrom("game_providers")
        .select("code")
        .where("code", "=", body.provider)
        .executeTakeFirst();
      // Any provider the site lists: a provider no longer connected may still owe or be owed.
      if (!provider) throw new AppError(404, "NOT_FOUND", "No such game provider.");
      if (body.shortfallId !== undefined) {
        const shortfall = await shortfallState(db, BigInt(body.shortfallId));
        if (!shortfall || shortfall.memberId !== member.id || shortfall.providerCode !== provider.code)
          throw new AppError(404, "NOT_FOUND", "No such shortfall of this member with this provider.");
        if (body.type !== "GAME_DEDUCT")
          throw new AppError(400, "requestInvalid", "A shortfall is recovered with GAME_DEDUCT.");
        if (amount > shortfall.owed - shortfall.recovered)
          throw new AppError(409, "AMOUNT_INVALID", "This is more than is still owed on the shortfall.", {
            outstanding: satangToBaht(shortfall.owed - shortfall.recovered),
          });
      }
      // Said now rather than only at confirmation (which checks again): a deduction the balance cannot cover.
      if (body.type === "GAME_DEDUCT") {
        const { available } = await accountBalance(db, await memberAccount(db, member.id, "member_cash"));
        if (available < amount)
          throw new AppError(400, "INSUFFICIENT_FUNDS", "The member's balance is lower than this amount.");
      }
      const key = `game-adjust:${staff.id}:${body.idempotencyKey}`;
      const proposal = await propose(db, staff, {
        kind: "game.adjust",
        // One open correction per shortfall; otherwise each request is its own target.
        target: body.shortfallId !== undefined ? `game-shortfall:${body.shortfallId}` : key,
        memberId: member.id,
        amount,
        payload: {
          uuid: member.uuid,
          provider: provider.code,
          type: body.type,
          shortfallId: body.shortfallId ?? null,
        },
        reason: body.reason,
        idempotencyKey: key,
      });
      return reply.status(202).send({ status: "proposed", proposal: proposalView(proposal, staff) });
    },
  );
}
