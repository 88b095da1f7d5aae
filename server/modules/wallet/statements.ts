import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import {
  type BankTransactionsView,
  StatementBody,
  type StatementItemView,
  type StatementView,
  TurnoverQuery,
  type TurnoverView,
} from "../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { bangkokDayStart, clampWindow, statementWindow } from "../../../src/domain/statement.ts";
import {
  GAME_TYPES,
  isTransactionType,
  LOTTO_TYPES,
  type TransactionGroup,
  transactionGroup,
} from "../../../src/domain/transactionTypes.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import { findMemberAccount, type MemberAccountKind } from "../../ledger/ledger.ts";
import type { WalletDeps } from "./common.ts";
import { depositView } from "./deposits.ts";
import { withdrawalView } from "./withdrawals.ts";

const STATEMENT_ROWS_MAX = 1000;

function definedOnly(body: { startedDate?: string | undefined; endedDate?: string | undefined }) {
  return {
    ...(body.startedDate ? { startedDate: body.startedDate } : {}),
    ...(body.endedDate ? { endedDate: body.endedDate } : {}),
  };
}

/**
 * A member account's movements in a window, newest first, with the balance after each. Only transfers that
 * move the balance count (posted, and holds once posted); a hold itself is shown on /credit/status.
 */
export async function accountStatement(
  database: Database,
  accountId: bigint,
  window: { from: Date; to: Date },
): Promise<StatementItemView[]> {
  const { db } = database;
  const account = await db
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  // Everything from the window start to now, so the balance can be walked back from the current one.
  const rows = await db
    .selectFrom("ledger_transfers")
    .select(["id", "type", "amount", "reference", "created_at", "debit_account_id", "credit_account_id"])
    .where((eb) => eb.or([eb("debit_account_id", "=", accountId), eb("credit_account_id", "=", accountId)]))
    .where("kind", "in", ["posted", "post_pending"])
    .where("created_at", ">=", window.from)
    .orderBy("id", "desc")
    .limit(STATEMENT_ROWS_MAX)
    .execute();
  let balanceAfter = account.balance;
  const items: StatementItemView[] = [];
  for (const row of rows) {
    const incoming = row.credit_account_id === accountId;
    const item = {
      id: String(row.id),
      transactionType: row.type,
      group: isTransactionType(row.type) ? transactionGroup(row.type) : null,
      amount: satangToBaht(row.amount),
      direction: incoming ? ("in" as const) : ("out" as const),
      balanceAfter: satangToBaht(balanceAfter),
      reference: row.reference,
      createdAt: row.created_at.toISOString(),
    };
    balanceAfter += incoming ? -row.amount : row.amount;
    if (row.created_at <= window.to) items.push(item);
  }
  return items;
}

/**
 * Statements, bank requests and turnover (docs/wallet-api.md "Statements"): reads only. An account nothing has
 * moved yet does not exist (the first transfer creates it): its statement is empty and its turnover 0.
 */
export async function statementRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const money = { config: { access: ACCESS.money } };

  async function statement(
    request: FastifyRequest,
    kind: "general" | "afCash",
    account: MemberAccountKind,
  ): Promise<StatementView> {
    const member = memberOf(request);
    const body = parseWith(StatementBody, request.body);
    const now = new Date();
    // Omitted dates mean the widest window the statement allows.
    const window = clampWindow(kind, { ...statementWindow(kind, now), ...definedOnly(body) }, now);
    if (!window) throw new AppError(400, "DATE_INVALID", "Please choose valid dates.");
    const accountId = await findMemberAccount(db, member.memberId, account);
    const items =
      accountId === null
        ? []
        : await accountStatement(deps.database, accountId, { from: window.start, to: window.end });
    const group: TransactionGroup | undefined = body.group;
    return {
      startedDate: window.startedDate,
      endedDate: window.endedDate,
      items: group ? items.filter((i) => i.group === group) : items,
    };
  }

  app.post("/api/transactions.all", money, (request) => statement(request, "general", "member_cash"));
  app.post("/api/af-cashs.transaction.all", money, (request) =>
    statement(request, "afCash", "member_af_cash"),
  );

  app.post("/api/transactions.bank", money, async (request): Promise<BankTransactionsView> => {
    const member = memberOf(request);
    const since = new Date(Date.now() - 30 * 24 * 3_600_000);
    const [deposits, withdrawals] = await Promise.all([
      db
        .selectFrom("deposits")
        .selectAll()
        .where("member_id", "=", member.memberId)
        .where("created_at", ">=", since)
        .orderBy("created_at", "desc")
        .limit(100)
        .execute(),
      db
        .selectFrom("withdrawals")
        .selectAll()
        .where("member_id", "=", member.memberId)
        .where("created_at", ">=", since)
        .orderBy("created_at", "desc")
        .limit(100)
        .execute(),
    ]);
    return {
      deposits: await Promise.all(deposits.map((d) => depositView(db, d))),
      withdrawals: await Promise.all(withdrawals.map((w) => withdrawalView(db, w))),
    };
  });

  // Turnover: total stakes (bets minus refunded bets) from the member's cash, the base of promotion wagering.
  const PERIOD_DAYS = { today: 0, "7d": 6, "30d": 29 } as const;
  const STAKE_TYPES = [...LOTTO_TYPES, ...GAME_TYPES].filter((t) => t.startsWith("BET_"));
  const REFUND_TYPES = ["ABORT_POY", "ABORT_GAME", "REFUND_GAME"];

  const stakesAndRefunds = (cash: bigint, from: Date) =>
    db
      .selectFrom("ledger_transfers")
      .select(["type", sql<string>`sum(amount)`.as("total")])
      .where("created_at", ">=", from)
      .where("kind", "=", "posted")
      .where((eb) =>
        eb.or([
          eb.and([eb("debit_account_id", "=", cash), eb("type", "in", STAKE_TYPES)]),
          eb.and([eb("credit_account_id", "=", cash), eb("type", "in", REFUND_TYPES)]),
        ]),
      )
      .groupBy("type")
      .execute();

  app.get("/api/turnover", money, async (request): Promise<TurnoverView> => {
    const member = memberOf(request);
    const { period } = parseWith(TurnoverQuery, request.query);
    const now = new Date();
    const from = new Date(bangkokDayStart(now).getTime() - PERIOD_DAYS[period] * 24 * 3_600_000);
    const cash = await findMemberAccount(db, member.memberId, "member_cash");
    const rows = cash === null ? [] : await stakesAndRefunds(cash, from);
    let lotto = 0n;
    let games = 0n;
    for (const row of rows) {
      const total = BigInt(row.total);
      const sign = REFUND_TYPES.includes(row.type) ? -1n : 1n;
      if (row.type === "ABORT_POY" || (LOTTO_TYPES as readonly string[]).includes(row.type))
        lotto += sign * total;
      else games += sign * total;
    }
    return {
      period,
      from: from.toISOString(),
      to: now.toISOString(),
      turnover: satangToBaht(lotto + games),
      byGroup: { lotto: satangToBaht(lotto), games: satangToBaht(games) },
    };
  });
}
