import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../../ledger/check.ts";
import { createTestApp, requestsOf, staffTokensFor, type TestApp, tokenOf } from "../../test/harness.ts";

// Money under four eyes (docs/security.md): above FOUR_EYES_THRESHOLD_BAHT (5,000 baht by default), and for every
// override, balance adjustment and bank-holder verification, a staff action is a proposal that a different staff
// member with the right role confirms; only the confirmation moves money, once.

let t: TestApp;
const { post, get } = requestsOf(() => t.app);
/** Two administrators (maker and checker), a plain staff member, a second plain staff member. */
const as: Record<"admin" | "admin2" | "staff" | "staff2", string> = {
  admin: "",
  admin2: "",
  staff: "",
  staff2: "",
};

beforeAll(async () => {
  t = await createTestApp();
  const first = await staffTokensFor(t, [
    ["eyesadmin1", "administrator"],
    ["eyesstaff1", "staff"],
  ]);
  const second = await staffTokensFor(t, [
    ["eyesadmin2", "administrator"],
    ["eyesstaff2", "staff"],
  ]);
  as.admin = first.administrator as string;
  as.staff = first.staff as string;
  as.admin2 = second.administrator as string;
  as.staff2 = second.staff as string;
  // Four staff passwords hashed with scrypt on purpose: on a busy runner this set-up alone can pass a minute.
}, 300_000);
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(async () => t.close());

let counter = 0;
/** A member with a name on the profile (set directly: the name rules are not what these tests are about). */
async function member(name = "Somchai Jaidee") {
  counter += 1;
  const userName = `eyes${Date.now().toString(36)}${counter}`.slice(0, 20);
  const res = await post("/api/users.signup", undefined, {
    userName,
    password: "Secret#123",
    phoneNumber: "0812345678",
  });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().userInfo.uuid as string;
  await t.database.db.updateTable("members").set({ name }).where("uuid", "=", uuid).execute();
  const { id } = await t.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", uuid)
    .executeTakeFirstOrThrow();
  return { token: tokenOf(res) as string, uuid, id };
}
const cash = async (token: string) => (await get("/api/cashs", token)).json().money as string;

/** Money in through the four-eyes path itself: one administrator proposes, the other confirms. */
async function fund(uuid: string, amount: string) {
  const proposal = await post("/api/staff/members.adjust", as.admin, {
    uuid,
    type: "ADMIN_INCREASE",
    amount,
    reason: "test funds",
    idempotencyKey: randomUUID(),
  });
  expect(proposal.statusCode).toBe(202);
  const confirmed = await post("/api/staff/proposals.confirm", as.admin2, {
    id: proposal.json().proposal.id,
  });
  expect(confirmed.statusCode).toBe(200);
}

async function auditActions(subject: string) {
  const rows = await t.database.db
    .selectFrom("audit_log")
    .select(["action", "actor"])
    .where("subject", "=", subject)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.action);
}

describe("balance adjustments", () => {
  it("are proposals: the proposer cannot confirm, plain staff may not, a second administrator moves the money once", async () => {
    const m = await member();
    const body = {
      uuid: m.uuid,
      type: "ADMIN_INCREASE",
      amount: "300",
      reason: "goodwill",
      idempotencyKey: randomUUID(),
    };
    const proposed = await post("/api/staff/members.adjust", as.admin, body);
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json()).toMatchObject({
      status: "proposed",
      proposal: { kind: "member.adjust", status: "proposed", amount: "300.00", proposedByMe: true },
    });
    const id = proposed.json().proposal.id as string;
    // The same request again is the same proposal.
    expect((await post("/api/staff/members.adjust", as.admin, body)).json().proposal.id).toBe(id);
    expect(await cash(m.token)).toBe("0.00");

    const own = await post("/api/staff/proposals.confirm", as.admin, { id });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe("FOUR_EYES");
    expect((await post("/api/staff/proposals.confirm", as.staff, { id })).statusCode).toBe(403);
    expect(await cash(m.token)).toBe("0.00");

    // The checker sees who proposed what, and may confirm; the proposer sees it waiting.
    const listed = (await get("/api/staff/proposals", as.admin2)).json().items;
    expect(listed.find((p: { id: string }) => p.id === id)).toMatchObject({
      proposedBy: "eyesadmin1",
      canConfirm: true,
      proposedByMe: false,
      reason: "goodwill",
      member: { uuid: m.uuid },
    });
    const mine = (await get("/api/staff/proposals", as.admin)).json().items;
    expect(mine.find((p: { id: string }) => p.id === id)).toMatchObject({
      canConfirm: false,
      proposedByMe: true,
    });

    const confirmations = await Promise.all(
      [1, 2].map(() => post("/api/staff/proposals.confirm", as.admin2, { id })),
    );
    expect(confirmations.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(confirmations.map((r) => r.json().status)).toEqual(["confirmed", "confirmed"]);
    expect(await cash(m.token)).toBe("300.00");
    const transfers = await t.database.db
      .selectFrom("ledger_transfers")
      .select("id")
      .where("type", "=", "ADMIN_INCREASE")
      .where("idempotency_key", "=", `adjust:proposal:${id}`)
      .execute();
    expect(transfers).toHaveLength(1);
    expect(await auditActions(`member:${m.uuid}`)).toEqual([
      "four-eyes.propose",
      "member.adjust",
      "four-eyes.confirm",
    ]);
    // Confirmed is final: it cannot be rejected afterwards.
    const late = await post("/api/staff/proposals.reject", as.admin2, { id, reason: "too late" });
    expect(late.json().code).toBe("PROPOSAL_DECIDED");
  });

  it("a rejected or withdrawn proposal moves nothing; a decrease the balance cannot cover is refused", async () => {
    const m = await member();
    const propose = (amount: string, type = "ADMIN_INCREASE") =>
      post("/api/staff/members.adjust", as.admin, {
        uuid: m.uuid,
        type,
        amount,
        reason: "test",
        idempotencyKey: randomUUID(),
      });
    const a = (await propose("100")).json().proposal.id;
    const b = (await propose("200")).json().proposal.id;
    const rejected = await post("/api/staff/proposals.reject", as.admin2, { id: a, reason: "no ticket" });
    expect(rejected.json()).toMatchObject({ status: "rejected", rejectReason: "no ticket" });
    const withdrawn = await post("/api/staff/proposals.reject", as.admin, { id: b, reason: "typo" });
    expect(withdrawn.json().status).toBe("rejected");
    expect((await post("/api/staff/proposals.confirm", as.admin2, { id: a })).json().code).toBe(
      "PROPOSAL_DECIDED",
    );
    // Plain staff may neither confirm nor reject another's adjustment.
    const c = (await propose("50")).json().proposal.id;
    expect((await post("/api/staff/proposals.reject", as.staff, { id: c, reason: "no" })).statusCode).toBe(
      403,
    );
    expect(await cash(m.token)).toBe("0.00");
    expect((await propose("10", "ADMIN_DECREASE")).json().code).toBe("INSUFFICIENT_FUNDS");
  });

  it("the database refuses a confirmation by the proposer even when the application is bypassed", async () => {
    const m = await member();
    const { id } = (
      await post("/api/staff/members.adjust", as.admin, {
        uuid: m.uuid,
        type: "ADMIN_INCREASE",
        amount: "1",
        reason: "backstop",
        idempotencyKey: randomUUID(),
      })
    ).json().proposal;
    await expect(
      sql`update staff_proposals set status = 'confirmed', confirmed_by = proposed_by, decided_at = now()
          where id = ${BigInt(id)}`.execute(t.database.db),
    ).rejects.toThrow(/staff_proposals_four_eyes/);
    await post("/api/staff/proposals.reject", as.admin, { id, reason: "cleanup" });
  });
});

/** A normal (reported) deposit of `amount` baht by the member, waiting for staff. */
async function reportedDeposit(m: { token: string; id: bigint }, amount: string) {
  const accountNumber = `12${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const bank = await t.database.db
    .insertInto("member_banks")
    .values({
      member_id: m.id,
      bank_code: "kbank",
      account_number: accountNumber,
      account_name: "Somchai Jaidee",
      status: "verified",
      verified_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const receiving = (await get("/api/deposit-channels", m.token)).json().normal.accounts[0].id;
  const res = await post("/api/deposits.normal", m.token, {
    bankId: receiving,
    bankCode: "kbank",
    bankAccountNumber: accountNumber,
    amount,
    depositAt: new Date(Date.now() - 60_000).toISOString(),
    idempotencyKey: randomUUID(),
  });
  expect(res.json().status).toBe("waiting");
  return { deposit: res.json() as { id: string; prepareAmount: string }, bankId: String(bank.id) };
}

describe("deposit approval", () => {
  it("is at once up to the threshold and at the request's own amount", async () => {
    const m = await member();
    const { deposit } = await reportedDeposit(m, "5000");
    const approved = await post("/api/staff/deposits.approve", as.staff, { id: deposit.id });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", creditedAmount: "5000.00" });
    expect(await cash(m.token)).toBe("5000.00");
  });

  it("above the threshold waits for a second staff member, who credits it once", async () => {
    const m = await member();
    const { deposit } = await reportedDeposit(m, "5000.01");
    const proposed = await post("/api/staff/deposits.approve", as.staff, { id: deposit.id });
    expect(proposed.statusCode).toBe(202);
    const id = proposed.json().proposal.id;
    expect(proposed.json().proposal).toMatchObject({ kind: "deposit.approve", amount: "5000.01" });
    // Approving again, by anyone, does not go around it.
    const again = await post("/api/staff/deposits.approve", as.staff2, { id: deposit.id });
    expect(again.json().code).toBe("PROPOSAL_WAITING");
    expect(await cash(m.token)).toBe("0.00");
    expect((await post("/api/staff/proposals.confirm", as.staff, { id })).json().code).toBe("FOUR_EYES");
    const confirmed = await post("/api/staff/proposals.confirm", as.staff2, { id });
    expect(confirmed.json()).toMatchObject({ status: "confirmed" });
    expect(await cash(m.token)).toBe("5000.01");
    expect((await post("/api/staff/proposals.confirm", as.admin, { id })).json().status).toBe("confirmed");
    expect(await cash(m.token)).toBe("5000.01");
    expect(await auditActions(`deposit:${deposit.id}`)).toEqual([
      "four-eyes.propose",
      "deposit.approve",
      "four-eyes.confirm",
    ]);
  });

  it("another amount is an override: a reason, and an administrator other than the proposer", async () => {
    const m = await member();
    const { deposit } = await reportedDeposit(m, "1000");
    const noReason = await post("/api/staff/deposits.approve", as.staff, { id: deposit.id, amount: "1200" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe("REASON_REQUIRED");
    const proposed = await post("/api/staff/deposits.approve", as.staff, {
      id: deposit.id,
      amount: "1200",
      reason: "slip shows 1,200",
    });
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().proposal).toMatchObject({
      kind: "deposit.override",
      amount: "1200.00",
      details: { requestedAmount: "1000.00" },
    });
    const id = proposed.json().proposal.id;
    // An override is confirmed by an administrator: plain staff may not.
    expect((await post("/api/staff/proposals.confirm", as.staff2, { id })).statusCode).toBe(403);
    expect(await cash(m.token)).toBe("0.00");
    expect((await post("/api/staff/proposals.confirm", as.admin, { id })).json().status).toBe("confirmed");
    expect(await cash(m.token)).toBe("1200.00");
  });

  it("a request that expired, was rejected or was already approved is not approved again directly", async () => {
    const m = await member();
    const fast = (
      await post("/api/deposits.fast", m.token, { amount: "400", idempotencyKey: randomUUID() })
    ).json();
    await t.database.db
      .updateTable("deposits")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", BigInt(fast.id))
      .execute();
    const expired = await post("/api/staff/deposits.approve", as.staff, { id: fast.id });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe("DEPOSIT_EXPIRED");
    expect(await cash(m.token)).toBe("0.00");
    // The override path: same amount, with a reason, confirmed by an administrator.
    const override = await post("/api/staff/deposits.approve", as.staff, {
      id: fast.id,
      reason: "transfer seen on the statement",
    });
    expect(override.json().proposal).toMatchObject({ kind: "deposit.override", amount: fast.prepareAmount });
    await post("/api/staff/proposals.confirm", as.admin, { id: override.json().proposal.id });
    expect(await cash(m.token)).toBe(fast.prepareAmount);

    const { deposit } = await reportedDeposit(m, "300");
    await post("/api/staff/deposits.reject", as.staff, { id: deposit.id, reason: "no such transfer" });
    const afterReject = await post("/api/staff/deposits.approve", as.staff, {
      id: deposit.id,
      reason: "try anyway",
    });
    expect(afterReject.json().code).toBe("DEPOSIT_NOT_PENDING");
    // Approved already: the same answer, no second credit.
    const again = await post("/api/staff/deposits.approve", as.staff, { id: fast.id });
    expect(again.json().status).toBe("approved");
    expect(await cash(m.token)).toBe(fast.prepareAmount);
  });

  it("rejecting a deposit closes the proposal waiting on it", async () => {
    const m = await member();
    const { deposit } = await reportedDeposit(m, "9000");
    const id = (await post("/api/staff/deposits.approve", as.staff, { id: deposit.id })).json().proposal.id;
    await post("/api/staff/deposits.reject", as.staff2, { id: deposit.id, reason: "bounced" });
    expect((await post("/api/staff/proposals.confirm", as.admin, { id })).json().code).toBe(
      "PROPOSAL_DECIDED",
    );
    expect(await cash(m.token)).toBe("0.00");
  });
});

describe("pairing a bank transfer with a request", () => {
  it("above the threshold, or at another amount, waits for a second staff member", async () => {
    const m = await member();
    const { deposit: big } = await reportedDeposit(m, "7000");
    // A transfer the bank reported that matched no request (as the feed records one).
    const line = async (amount: string) => {
      const receiving = await t.database.db
        .selectFrom("receiving_accounts")
        .select("id")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const row = await t.database.db
        .insertInto("bank_statement_lines")
        .values({
          receiving_account_id: receiving.id,
          external_id: `ext-${randomUUID()}`,
          amount: BigInt(Math.round(Number(amount) * 100)),
          occurred_at: new Date(),
          reference: null,
          status: "unmatched",
          source: "test",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return String(row.id);
    };
    const bigLine = await line("7000");
    const proposed = await post("/api/staff/statement-lines.assign", as.staff, {
      lineId: bigLine,
      depositId: big.id,
    });
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().proposal).toMatchObject({ kind: "deposit.approve", details: { lineId: bigLine } });
    expect(await cash(m.token)).toBe("0.00");
    await post("/api/staff/proposals.confirm", as.staff2, { id: proposed.json().proposal.id });
    expect(await cash(m.token)).toBe("7000.00");

    const { deposit: small } = await reportedDeposit(m, "250");
    const oddLine = await line("260.5");
    const noReason = await post("/api/staff/statement-lines.assign", as.staff, {
      lineId: oddLine,
      depositId: small.id,
    });
    expect(noReason.json().code).toBe("REASON_REQUIRED");
    const override = await post("/api/staff/statement-lines.assign", as.staff, {
      lineId: oddLine,
      depositId: small.id,
      reason: "member sent a little more",
    });
    expect(override.json().proposal).toMatchObject({ kind: "deposit.override", amount: "260.50" });
    await post("/api/staff/proposals.confirm", as.admin, { id: override.json().proposal.id });
    expect(await cash(m.token)).toBe("7260.50");
  });
});

describe("withdrawal payment", () => {
  async function waitingWithdrawal(amount: string) {
    const m = await member();
    await fund(m.uuid, "20000");
    const { bankId } = await reportedDeposit(m, "100");
    const res = await post("/api/withdrawals.create", m.token, {
      bankId,
      amount,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    // The first withdrawal to a new account is reviewed first (where that rule is in place).
    await post("/api/staff/withdrawals.review", as.admin, { id });
    return { m, id };
  }

  it("up to the threshold is paid at once; above it a second administrator confirms the payment", async () => {
    const small = await waitingWithdrawal("5000");
    expect((await post("/api/staff/withdrawals.pay", as.admin, { id: small.id })).json().status).toBe("paid");

    const big = await waitingWithdrawal("5001");
    const proposed = await post("/api/staff/withdrawals.pay", as.admin, { id: big.id });
    expect(proposed.statusCode).toBe(202);
    const id = proposed.json().proposal.id;
    expect(proposed.json().proposal).toMatchObject({ kind: "withdrawal.pay", amount: "5001.00" });
    expect((await post("/api/staff/proposals.confirm", as.admin, { id })).json().code).toBe("FOUR_EYES");
    expect((await post("/api/staff/proposals.confirm", as.staff, { id })).statusCode).toBe(403);
    const status = async () =>
      (await post("/api/transactions.bank", big.m.token, {})).json().withdrawals[0].status as string;
    expect(await status()).toBe("waiting");
    expect((await post("/api/staff/proposals.confirm", as.admin2, { id })).json().status).toBe("confirmed");
    expect(await status()).toBe("paid");
    expect(await cash(big.m.token)).toBe("14999.00");
    expect(await auditActions(`withdrawal:${big.id}`)).toContain("four-eyes.confirm");
  });
});

describe("bank-holder verification", () => {
  it("is a proposal under the member's own name; another staff member confirms it", async () => {
    const m = await member("Malee Srisuk");
    const bank = await t.database.db
      .insertInto("member_banks")
      .values({
        member_id: m.id,
        bank_code: "scb",
        account_number: `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
        account_name: null,
        status: "pending",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = String(bank.id);
    const wrongName = await post("/api/staff/member-banks.verify", as.staff, {
      id,
      accountName: "Somebody Else",
      status: "verified",
    });
    expect(wrongName.statusCode).toBe(409);
    expect(wrongName.json().code).toBe("BANK_HOLDER_MISMATCH");
    const proposed = await post("/api/staff/member-banks.verify", as.staff, {
      id,
      accountName: "Malee Srisuk",
      status: "verified",
    });
    expect(proposed.statusCode).toBe(202);
    const status = async () =>
      (
        await t.database.db
          .selectFrom("member_banks")
          .select("status")
          .where("id", "=", bank.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe("pending");
    const pid = proposed.json().proposal.id;
    expect((await post("/api/staff/proposals.confirm", as.staff, { id: pid })).json().code).toBe("FOUR_EYES");
    expect((await post("/api/staff/proposals.confirm", as.staff2, { id: pid })).json().status).toBe(
      "confirmed",
    );
    expect(await status()).toBe("verified");
    expect(await auditActions(`member-bank:${id}`)).toEqual([
      "four-eyes.propose",
      "member-bank.verify",
      "four-eyes.confirm",
    ]);
  });
});

describe("receiving accounts", () => {
  const accountNumbers = async (token: string, channel: "normal" | "fast" | "qrcode") =>
    ((await get("/api/deposit-channels", token)).json()[channel].accounts as { accountNumber: string }[]).map(
      (a) => a.accountNumber,
    );

  it("adding, changing or deactivating one waits for a second administrator; a reject changes nothing", async () => {
    const m = await member();
    const body = {
      bankCode: "KTB",
      accountNumber: "987-6-54321-0",
      accountName: "LOTTOUP CO., LTD.",
      promptpayId: null,
      channels: ["normal"],
      active: true,
    };
    const proposed = await post("/api/staff/receiving-accounts.save", as.admin, body);
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().proposal).toMatchObject({
      kind: "receiving-account.save",
      status: "proposed",
      details: { change: "add", bankCode: "ktb", accountNumber: "9876543210", channels: "normal" },
    });
    const id = proposed.json().proposal.id as string;
    expect(await accountNumbers(m.token, "normal")).not.toContain("9876543210");

    const own = await post("/api/staff/proposals.confirm", as.admin, { id });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe("FOUR_EYES");
    expect((await post("/api/staff/proposals.confirm", as.staff, { id })).statusCode).toBe(403);
    expect((await post("/api/staff/receiving-accounts.save", as.staff, body)).statusCode).toBe(403);
    // A second proposal for the same account cannot slip past the waiting one.
    const twice = await post("/api/staff/receiving-accounts.save", as.admin2, {
      ...body,
      accountName: "SOMEONE ELSE",
    });
    expect(twice.json().code).toBe("PROPOSAL_WAITING");
    expect(
      await t.database.db
        .selectFrom("receiving_accounts")
        .select("id")
        .where("account_number", "=", "9876543210")
        .execute(),
    ).toEqual([]);

    expect((await post("/api/staff/proposals.confirm", as.admin2, { id })).json().status).toBe("confirmed");
    // Confirming again returns the proposal as it is: the account is there once.
    expect((await post("/api/staff/proposals.confirm", as.admin2, { id })).statusCode).toBe(200);
    const listed = await accountNumbers(m.token, "normal");
    expect(listed.filter((n) => n === "9876543210")).toHaveLength(1);
    const row = await t.database.db
      .selectFrom("receiving_accounts")
      .selectAll()
      .where("account_number", "=", "9876543210")
      .executeTakeFirstOrThrow();
    expect(await auditActions(`receiving-account:${row.id}`)).toEqual(["receiving-account.save"]);
    expect(await auditActions("receiving-account:ktb:9876543210")).toEqual([
      "four-eyes.propose",
      "four-eyes.confirm",
    ]);

    // A change to the holder name and channels that is rejected changes nothing.
    const swap = await post("/api/staff/receiving-accounts.save", as.admin2, {
      ...body,
      accountName: "MR. INSIDER",
      channels: ["normal", "fast"],
    });
    expect(swap.statusCode).toBe(202);
    expect(swap.json().proposal.details.change).toBe("change");
    const rejected = await post("/api/staff/proposals.reject", as.admin, {
      id: swap.json().proposal.id,
      reason: "not our company account",
    });
    expect(rejected.json().status).toBe("rejected");
    expect(
      await t.database.db
        .selectFrom("receiving_accounts")
        .select(["account_name", "channels", "active"])
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ account_name: "LOTTOUP CO., LTD.", channels: ["normal"], active: true });
    expect(await accountNumbers(m.token, "fast")).not.toContain("9876543210");

    // Deactivating is a proposal too; the account stays usable until it is confirmed.
    const off = await post("/api/staff/receiving-accounts.save", as.admin, { ...body, active: false });
    expect(off.json().proposal.details.change).toBe("deactivate");
    expect(await accountNumbers(m.token, "normal")).toContain("9876543210");
    await post("/api/staff/proposals.confirm", as.admin2, { id: off.json().proposal.id });
    expect(await accountNumbers(m.token, "normal")).not.toContain("9876543210");
    expect(await auditActions("receiving-account:ktb:9876543210")).toEqual([
      "four-eyes.propose",
      "four-eyes.confirm",
      "four-eyes.propose",
      "four-eyes.reject",
      "four-eyes.propose",
      "four-eyes.confirm",
    ]);
  });

  it("the database takes the new kind and refuses it confirmed by its proposer", async () => {
    const { id: adminId } = await t.database.db
      .selectFrom("staff")
      .select("id")
      .where("user_name", "=", "eyesadmin1")
      .executeTakeFirstOrThrow();
    // The kind is in the table's own list (migration 0014), so the CHECKs of 0012 apply to it.
    const row = await t.database.db
      .insertInto("staff_proposals")
      .values({
        kind: "receiving-account.save",
        target: "receiving-account:db:backstop",
        payload: JSON.stringify({}),
        proposed_by: adminId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      t.database.db
        .updateTable("staff_proposals")
        .set({ status: "confirmed", confirmed_by: adminId, decided_at: new Date() })
        .where("id", "=", row.id)
        .execute(),
    ).rejects.toThrow(/staff_proposals_four_eyes/);
    await t.database.db.deleteFrom("staff_proposals").where("id", "=", row.id).execute();
  });
});
