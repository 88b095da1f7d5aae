import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { available, expectLedgerSound, launch, lottoup, type Player, player } from "../../test/games.ts";
import { createTestApp, engineName, requestsOf, staffTokensFor, type TestApp } from "../../test/harness.ts";
import { shownRequest } from "./staffRoutes.ts";

/**
 * The back office's games money (docs/games-api.md "Back office"): searching a member's game transactions and
 * callbacks, the shortfalls of rolled-back wins, and GAME_ADD / GAME_DEDUCT corrections under four eyes.
 */

let t: TestApp;
const { post, get } = requestsOf(() => t.app);
const as = { admin: "", admin2: "", staff: "" };

beforeAll(async () => {
  t = await createTestApp({}, { games: { jobs: false }, originals: { retryIntervalMs: 0 } });
  const first = await staffTokensFor(t, [
    ["gamesadmin1", "administrator"],
    ["gamesstaff1", "staff"],
  ]);
  const second = await staffTokensFor(t, [["gamesadmin2", "administrator"]]);
  as.admin = first.administrator as string;
  as.staff = first.staff as string;
  as.admin2 = second.administrator as string;
}, 300_000);
afterEach(async () => expectLedgerSound(t));
afterAll(async () => t.close());

/** A round through the lottoup dialect, as a provider plays it: bet, then win; answers its ids. */
async function round(who: Player, token: string, stake: bigint, win: bigint) {
  const bet = randomUUID();
  const roundId = randomUUID();
  const common = { token, user: who.uuid, roundId, gameCode: "lottoup-dice" };
  expect(
    (await lottoup(t, "bet", { ...common, transactionId: bet, amount: String(stake) })).json.status,
  ).toBe("OK");
  const winId = randomUUID();
  expect(
    (
      await lottoup(t, "win", {
        ...common,
        transactionId: winId,
        betTransactionId: bet,
        amount: String(win),
        roundClosed: true,
      })
    ).json.status,
  ).toBe("OK");
  return { bet, win: winId, roundId };
}

/** A member who won 80 baht, spent it, and then had the win rolled back: a shortfall of what was spent. */
async function memberWithShortfall() {
  const who = await player(t, 10);
  const { token } = await launch(t, who);
  const won = await round(who, token, 500n, 8_000n);
  // 10 - 5 + 80 = 85 baht; 80 of it bet and lost, 5 left.
  await round(who, token, 8_000n, 0n);
  const rollback = await lottoup(t, "rollback", {
    token,
    user: who.uuid,
    transactionId: randomUUID(),
    referenceTransactionId: won.win,
    roundId: won.roundId,
    gameCode: "lottoup-dice",
  });
  expect(rollback.json.status).toBe("OK");
  expect(await available(t, who)).toBe(0n);
  const shortfall = await t.database.db
    .selectFrom("game_shortfalls")
    .selectAll()
    .where("member_id", "=", who.id)
    .executeTakeFirstOrThrow();
  expect([shortfall.amount, shortfall.taken, shortfall.owed]).toEqual([8_000n, 500n, 7_500n]);
  return { who, token, won, shortfall };
}

describe(`games money in the back office (${engineName})`, () => {
  it("finds a member's game transactions and callbacks by uuid or user name, and a transaction by its id; tokens masked", async () => {
    const who = await player(t, 50);
    const { token } = await launch(t, who);
    const played = await round(who, token, 1_000n, 2_500n);
    const userName = (
      await t.database.db
        .selectFrom("members")
        .select("user_name")
        .where("id", "=", who.id)
        .executeTakeFirstOrThrow()
    ).user_name;
    for (const q of [who.uuid, userName.toUpperCase()]) {
      const res = await get(`/api/staff/games/transactions?q=${encodeURIComponent(q)}`, as.staff);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.member).toMatchObject({ uuid: who.uuid, userName });
      expect(body.transactions.map((x: { kind: string; amount: string }) => [x.kind, x.amount])).toEqual([
        ["win", "25.00"],
        ["bet", "10.00"],
      ]);
      expect(body.transactions[1]).toMatchObject({
        provider: "lottoup",
        state: "done",
        providerTxId: played.bet,
        roundId: played.roundId,
        answered: { code: "OK", balance: "40.00" },
        transfer: { type: "BET_GAME" },
      });
      expect(body.callbacks.map((c: { call: string; verdict: string }) => [c.call, c.verdict])).toEqual([
        ["win", "valid"],
        ["bet", "valid"],
      ]);
      // The game session's token is a credential: never shown whole.
      expect(JSON.stringify(body)).not.toContain(token);
      expect(body.callbacks[1].request).toContain(`"token":"…${token.slice(-4)}"`);
    }
    const byId = (await get(`/api/staff/games/transactions?q=${played.bet}`, as.staff)).json();
    expect(byId.member).toBeNull();
    // The bet, and the win that references it.
    expect(byId.transactions.map((x: { kind: string }) => x.kind)).toEqual(["win", "bet"]);
    expect(byId.callbacks.map((c: { call: string }) => c.call)).toEqual(["bet"]);
    expect((await get("/api/staff/games/transactions?q=", as.staff)).statusCode).toBe(400);
    expect((await get("/api/staff/games/transactions?q=nobody-at-all", as.staff)).json()).toEqual({
      member: null,
      transactions: [],
      callbacks: [],
    });
  });

  it("lists shortfalls; a GAME_DEDUCT naming one waits for a second administrator, then recovers it once", async () => {
    const { who, shortfall } = await memberWithShortfall();
    const listed = (await get("/api/staff/games/shortfalls?open=true", as.staff)).json().items;
    expect(listed[0]).toMatchObject({
      id: String(shortfall.id),
      provider: "lottoup",
      member: { uuid: who.uuid },
      amount: "80.00",
      taken: "5.00",
      owed: "75.00",
      recovered: "0.00",
      outstanding: "75.00",
      waitingProposalId: null,
    });
    // The member deposits later; staff take back what is owed.
    await topUp(who, 100);
    const body = (amount: string, extra: object = {}) => ({
      uuid: who.uuid,
      provider: "lottoup",
      type: "GAME_DEDUCT",
      amount,
      reason: "recover the rolled-back win",
      idempotencyKey: randomUUID(),
      shortfallId: String(shortfall.id),
      ...extra,
    });
    // Plain staff may not propose; more than is owed, or GAME_ADD against a shortfall, is refused.
    expect((await post("/api/staff/games/adjust", as.staff, body("10"))).statusCode).toBe(403);
    expect((await post("/api/staff/games/adjust", as.admin, body("75.01"))).json()).toMatchObject({
      code: "AMOUNT_INVALID",
      outstanding: "75.00",
    });
    expect(
      (await post("/api/staff/games/adjust", as.admin, body("5", { type: "GAME_ADD" }))).statusCode,
    ).toBe(400);
    const proposed = await post("/api/staff/games/adjust", as.admin, body("50"));
    expect(proposed.statusCode, proposed.body).toBe(202);
    const id = proposed.json().proposal.id as string;
    expect(proposed.json().proposal).toMatchObject({
      kind: "game.adjust",
      amount: "50.00",
      canConfirm: false,
    });
    // One open correction per shortfall.
    expect((await post("/api/staff/games/adjust", as.admin2, body("10"))).json().code).toBe(
      "PROPOSAL_WAITING",
    );
    expect(await available(t, who)).toBe(10_000n);
    // The proposer cannot confirm it, plain staff may not, a second administrator does: once.
    expect((await post("/api/staff/proposals.confirm", as.admin, { id })).json().code).toBe("FOUR_EYES");
    expect((await post("/api/staff/proposals.confirm", as.staff, { id })).statusCode).toBe(403);
    const [first, second] = await Promise.all([
      post("/api/staff/proposals.confirm", as.admin2, { id }),
      post("/api/staff/proposals.confirm", as.admin2, { id }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await available(t, who)).toBe(5_000n);
    const moved = await t.database.db
      .selectFrom("ledger_transfers")
      .select(["type", "amount", "idempotency_key"])
      .where("credit_account_id", "=", (await houseOf("lottoup")).id)
      .where("type", "=", "GAME_DEDUCT")
      .execute();
    expect(moved).toEqual([
      { type: "GAME_DEDUCT", amount: 5_000n, idempotency_key: `game-adjust:proposal:${id}` },
    ]);
    const after = (await get("/api/staff/games/shortfalls", as.staff)).json().items;
    expect(after.find((s: { id: string }) => s.id === String(shortfall.id))).toMatchObject({
      recovered: "50.00",
      outstanding: "25.00",
    });
    // The rest, then nothing more can be taken.
    const rest = await post("/api/staff/games/adjust", as.admin2, body("25"));
    expect(rest.statusCode).toBe(202);
    expect(
      (await post("/api/staff/proposals.confirm", as.admin, { id: rest.json().proposal.id })).statusCode,
    ).toBe(200);
    expect((await get("/api/staff/games/shortfalls?open=true", as.staff)).json().items).not.toContainEqual(
      expect.objectContaining({ id: String(shortfall.id) }),
    );
    expect((await post("/api/staff/games/adjust", as.admin, body("0.01"))).json()).toMatchObject({
      code: "AMOUNT_INVALID",
      outstanding: "0.00",
    });
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("subject", "=", `member:${who.uuid}`)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "four-eyes.propose",
      "game.adjust",
      "four-eyes.confirm",
      "four-eyes.propose",
      "game.adjust",
      "four-eyes.confirm",
    ]);
  });

  it("GAME_ADD credits the member from the provider's house account only once a second administrator confirms", async () => {
    const who = await player(t, 0);
    const proposed = await post("/api/staff/games/adjust", as.admin, {
      uuid: who.uuid,
      provider: "lottoup",
      type: "GAME_ADD",
      amount: "12.34",
      reason: "a win the provider's report shows and we never got",
      idempotencyKey: randomUUID(),
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(await available(t, who)).toBe(0n);
    const id = proposed.json().proposal.id;
    const confirmed = await post("/api/staff/proposals.confirm", as.admin2, { id });
    expect(confirmed.json()).toMatchObject({ status: "confirmed", transferId: expect.any(String) });
    expect(await available(t, who)).toBe(1_234n);
    const transfer = await t.database.db
      .selectFrom("ledger_transfers")
      .select(["type", "debit_account_id"])
      .where("id", "=", BigInt(confirmed.json().transferId))
      .executeTakeFirstOrThrow();
    expect(transfer).toEqual({ type: "GAME_ADD", debit_account_id: (await houseOf("lottoup")).id });
    // Unknown providers and members are refused; a deduction the balance cannot cover too.
    const base = { uuid: who.uuid, amount: "1", reason: "x reason", idempotencyKey: randomUUID() };
    expect(
      (await post("/api/staff/games/adjust", as.admin, { ...base, provider: "nope", type: "GAME_ADD" }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post("/api/staff/games/adjust", as.admin, {
          ...base,
          uuid: randomUUID(),
          provider: "lottoup",
          type: "GAME_ADD",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post("/api/staff/games/adjust", as.admin, {
          ...base,
          provider: "lottoup",
          type: "GAME_DEDUCT",
          amount: "13",
        })
      ).json().code,
    ).toBe("INSUFFICIENT_FUNDS");
    // The member's statement shows it in the games group.
    const statement = await post("/api/transactions.all", who.access, { group: "games" });
    expect(JSON.stringify(statement.json())).toContain("GAME_ADD");
  });

  it("masks a token in a callback body that is not even JSON", () => {
    expect(shownRequest(Buffer.from('{"token":"abcdefgh1234","user":'))).toBe('{"token":"[masked]","user":');
    expect(shownRequest(Buffer.from(JSON.stringify({ token: "abcdefgh1234", amount: "1" })))).toBe(
      '{"token":"…1234","amount":"1"}',
    );
  });
});

async function houseOf(provider: string) {
  return t.database.db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("code", "=", `house:games:${provider}`)
    .executeTakeFirstOrThrow();
}

/** Cash for a member from house:adjustments, as a deposit would bring it. */
async function topUp(who: Player, baht: number) {
  const { memberAccount, systemAccount, transfer } = await import("../../ledger/ledger.ts");
  await transfer(t.database.db, {
    debitAccountId: await systemAccount(t.database.db, "house:adjustments", "house"),
    creditAccountId: await memberAccount(t.database.db, who.id, "member_cash"),
    amount: BigInt(baht) * 100n,
    type: "ADMIN_INCREASE",
    reference: "test top-up",
    idempotencyKey: `test-topup:${randomUUID()}`,
  });
}
