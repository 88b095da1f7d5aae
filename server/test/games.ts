import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { checkLedger } from "../ledger/check.ts";
import { lottoupHeaders } from "../modules/games/dialects/lottoup.ts";
import type { TestApp } from "./harness.ts";
import { fundedMember, type SettleMember, tokenOf } from "./settle.ts";

/** Test helpers for the games module (not loaded by the server). */

export interface Player extends SettleMember {
  /** The member's access token (login session), sent as Authorization: Bearer. */
  access: string;
}

/** A member with `baht` of cash and a login session. */
export async function player(t: TestApp, baht: number): Promise<Player> {
  const member = await fundedMember(t.database.db, baht);
  return { ...member, access: await tokenOf(t.database.db, t.config.sessionSecret, member) };
}

/** Launches a game for the player and returns the game-session token the provider would receive. */
export async function launch(
  t: TestApp,
  who: Player,
  gameCode = "lottoup-dice",
  provider = "lottoup",
): Promise<{ token: string; url: string; frame: boolean }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/games.launch",
    headers: { authorization: `Bearer ${who.access}` },
    payload: { provider, gameCode, platform: "mobile" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { url, frame } = res.json() as { url: string; frame: boolean };
  const token = new URL(url, "http://x").searchParams.get("token");
  return { token: token ?? "", url, frame };
}

/** One lottoup callback, signed as the Originals provider signs it (a fresh request id: a fresh signature). */
export async function lottoup(
  t: TestApp,
  call: string,
  body: Record<string, unknown>,
  options: { nowMs?: number; raw?: string; headers?: Record<string, string> } = {},
) {
  const raw = options.raw ?? JSON.stringify({ ...body, requestId: randomUUID() });
  const headers = options.headers ?? lottoupHeaders(t.config.games.originalsSecret, raw, options.nowMs);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/providers/lottoup/${call}`,
    headers,
    payload: raw,
  });
  return { status: res.statusCode, json: res.json() as Record<string, string>, raw, headers };
}

/** The member's available cash, satang. */
export async function available(t: TestApp, who: SettleMember): Promise<bigint> {
  const row = await t.database.db
    .selectFrom("ledger_accounts")
    .select(["balance", "held"])
    .where("id", "=", who.cash)
    .executeTakeFirstOrThrow();
  return row.balance - row.held;
}

/** The ledger transfers of games for a member's cash account, oldest first. */
export async function gameTransfers(t: TestApp, who: SettleMember) {
  return t.database.db
    .selectFrom("ledger_transfers")
    .select(["type", "amount", "idempotency_key", "debit_account_id", "credit_account_id"])
    .where((eb) => eb.or([eb("debit_account_id", "=", who.cash), eb("credit_account_id", "=", who.cash)]))
    .where("type", "in", ["BET_GAME", "WIN_GAME", "REFUND_GAME", "ABORT_GAME", "BONUS_GAME"])
    .orderBy("id")
    .execute();
}

export async function expectLedgerSound(t: TestApp) {
  expect(await checkLedger(t.database.db)).toEqual([]);
}

export const satang = (baht: number) => BigInt(Math.round(baht * 100));
