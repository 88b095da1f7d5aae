import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import { type Database, migrate } from "../server/db/database.ts";
import type { DB } from "../server/db/schema.ts";
import { seed } from "../server/db/seed.ts";
import { checkLedger } from "../server/ledger/check.ts";
import {
  accountBalance,
  LedgerError,
  memberAccount,
  systemAccount,
  transfer,
} from "../server/ledger/ledger.ts";
import { key, newMember, onBothEngines, rate } from "./bench-common.ts";

const MEMBERS = 50;
const WARM_UP = 50;
const SEQUENTIAL = 1_000;
const CONCURRENT = 200;
const DEBIT = 100n; // 1.00 baht
const WALLET = 100n * DEBIT; // 100.00 baht: exactly half the debits can pass

/**
 * Counts transfer attempts: each attempt of `transfer` (the first and every retry of its transaction) looks
 * its idempotency key up in ledger_transfers exactly once, and nothing else in these runs reads that table.
 */
class AttemptCounter implements KyselyPlugin {
  attempts = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    const node = args.node as { kind: string; from?: { froms: readonly unknown[] } };
    if (node.kind === "SelectQueryNode") {
      const tables = (node.from?.froms ?? []) as {
        kind: string;
        table?: { identifier?: { name?: string } };
      }[];
      if (tables.some((t) => t.kind === "TableNode" && t.table?.identifier?.name === "ledger_transfers")) {
        this.attempts++;
      }
    }
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

async function fundedWallet(db: Kysely<DB>, clearing: bigint, satang: bigint): Promise<bigint> {
  const wallet = await memberAccount(db, await newMember(db), "member_cash");
  await transfer(db, {
    debitAccountId: clearing,
    creditAccountId: wallet,
    amount: satang,
    type: "DEPOSIT",
    reference: "bench:fund",
    idempotencyKey: key(),
  });
  return wallet;
}

async function benchmark(label: string, database: Database): Promise<void> {
  await migrate(database);
  await seed(database.db);
  const db = database.db;
  const clearing = await systemAccount(db, "clearing:deposit:bench", "clearing");
  const house = await systemAccount(db, "house:lotto", "house");

  // (a) Sequential transfers between distinct member accounts: wallet i pays 0.01 to wallet i+1.
  const wallets: bigint[] = [];
  for (let i = 0; i < MEMBERS; i++) wallets.push(await fundedWallet(db, clearing, 1_000_00n));
  const move = (i: number) =>
    transfer(db, {
      debitAccountId: wallets[i % MEMBERS] as bigint,
      creditAccountId: wallets[(i + 1) % MEMBERS] as bigint,
      amount: 1n,
      type: "ADMIN_MOVE_INCREASE",
      reference: "bench:sequential",
      idempotencyKey: key(),
    });
  for (let i = 0; i < WARM_UP; i++) await move(i);
  const sequentialStart = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) await move(i);
  const sequentialMs = performance.now() - sequentialStart;
  console.log(
    `ledger transfers (${label}, sequential, ${SEQUENTIAL} between ${MEMBERS} members): ${rate(SEQUENTIAL, sequentialMs)}`,
  );

  // (b) 200 debits at once on one wallet that can afford half of them.
  const wallet = await fundedWallet(db, clearing, WALLET);
  const counter = new AttemptCounter();
  const counted = db.withPlugin(counter);
  let completed = 0;
  let refused = 0;
  const failures: string[] = [];
  const concurrentStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i) => {
      try {
        await transfer(counted, {
          debitAccountId: wallet,
          creditAccountId: house,
          amount: DEBIT,
          type: "BET_GOV",
          reference: `bench:concurrent:${i}`,
          idempotencyKey: key(),
        });
        completed++;
      } catch (err) {
        if (err instanceof LedgerError && err.code === "INSUFFICIENT_FUNDS") refused++;
        else failures.push(err instanceof Error ? err.message : String(err));
      }
    }),
  );
  const concurrentMs = performance.now() - concurrentStart;
  const { available } = await accountBalance(db, wallet);
  console.log(
    `ledger debits (${label}, ${CONCURRENT} concurrent on one wallet of ${WALLET / 100n}.00, ${DEBIT / 100n}.00 each): ` +
      `${completed} completed, ${refused} refused (insufficient funds), ${counter.attempts - CONCURRENT} retries, ` +
      `${failures.length} other errors, ${(concurrentMs / 1000).toFixed(2)} s (${rate(CONCURRENT, concurrentMs)}), ` +
      `wallet left ${available} satang`,
  );
  for (const failure of new Set(failures)) console.log(`  error: ${failure}`);

  const problems = await checkLedger(db);
  const { n } = await db
    .selectFrom("ledger_transfers")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  console.log(
    problems.length === 0
      ? `ledger check (${label}): sound (${n} transfers; debits equal credits, balances match, none negative)`
      : `ledger check (${label}): ${problems.length} violation(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  if (problems.length > 0 || failures.length > 0 || completed !== Number(WALLET / DEBIT))
    process.exitCode = 1;
}

await onBothEngines("ledger", benchmark, ["ledger transfers"]);
