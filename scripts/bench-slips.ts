/**
 * Slips placed per second, printed by `npm run bench` after the ledger figures (or alone:
 * `node scripts/bench-slips.ts`). On PGlite (a new database on disk, as `npm start` uses) and on PostgreSQL
 * (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when reachable; a throwaway schema, dropped
 * after), each with the pool the server uses: the round job creates the rounds, and 50 funded members place
 * slips of 10 three-top lines at once on the open yeekee round that closes next (at least 10 minutes away),
 * each member one slip after another, through placePoy (the whole placement in one transaction, as
 * poys.create runs it, without HTTP). Numbers are spread so that no number's exposure nears the automatic rate
 * tiers; any refusal is counted by its code. Then `checkLedger` on what the run wrote.
 *
 * Beside it, the same machine's PostgreSQL under pgbench (scale 1, in a throwaway database, dropped after):
 * the built-in simple-update transaction and a one-row update, 10 clients for 10 s each. Skipped, saying so,
 * when pgbench is not installed (Debian: postgresql-client-<major>, e.g. postgresql-client-15).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { type Database, migrate } from "../server/db/database.ts";
import type { DB } from "../server/db/schema.ts";
import { seed } from "../server/db/seed.ts";
import { AppError } from "../server/http/errors.ts";
import { checkLedger } from "../server/ledger/check.ts";
import { memberAccount, systemAccount, transfer } from "../server/ledger/ledger.ts";
import { placePoy } from "../server/modules/lotto/poys.ts";
import { ensureRounds } from "../server/modules/lotto/roundJob.ts";
import { key, newMember, onBothEngines, rate, shownUrl } from "./bench-common.ts";

const MEMBERS = 50;
const SLIPS_EACH = 10;
const LINES = 10;
const PRICE = "1.00"; // baht per line
const FUNDS = 1_000_00n; // satang each member starts with: far more than the slips cost
const OPTION = "tengBon3";

/** Slip `slip` (0-based; SLIPS_EACH is the warm-up) of member `m`: LINES distinct three-digit numbers. */
function numbersOf(m: number, slip: number): string[] {
  return Array.from({ length: LINES }, (_, k) =>
    String((m * LINES + k + slip * 500) % 1000).padStart(3, "0"),
  );
}

/** The open yeekee round that closes next, at least 10 minutes from now (the round job creates it). */
async function openYeekeeRound(db: Kysely<DB>) {
  await ensureRounds(db);
  return db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("family", "=", "yeekee")
    .where("status", "=", "open")
    .where("close_at", ">", new Date(Date.now() + 10 * 60_000))
    .orderBy("close_at")
    .limit(1)
    .executeTakeFirstOrThrow();
}

async function benchmark(label: string, database: Database): Promise<void> {
  await migrate(database);
  await seed(database.db);
  const db = database.db;
  const round = await openYeekeeRound(db);
  const multiply = round.rates[OPTION];
  if (multiply === undefined) throw new Error(`round ${round.bet_type} has no ${OPTION} rate`);
  const clearing = await systemAccount(db, "clearing:deposit:bench", "clearing");
  const members: bigint[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = await newMember(db);
    await transfer(db, {
      debitAccountId: clearing,
      creditAccountId: await memberAccount(db, member, "member_cash"),
      amount: FUNDS,
      type: "DEPOSIT",
      reference: "bench:fund",
      idempotencyKey: key(),
    });
    members.push(member);
  }

  const refused = new Map<string, number>();
  const failures: string[] = [];
  let completed = 0;
  const place = async (m: number, slip: number) => {
    try {
      await placePoy(db, {
        memberId: members[m] as bigint,
        betId: round.id,
        lines: numbersOf(m, slip).map((number) => ({ option: OPTION, number, price: PRICE, multiply })),
        idempotencyKey: key(),
        via: { kind: "poys" },
      });
      return true;
    } catch (err) {
      if (err instanceof AppError) refused.set(err.code, (refused.get(err.code) ?? 0) + 1);
      else failures.push(err instanceof Error ? err.message : String(err));
      return false;
    }
  };
  // Warm-up: one slip per member, one after the other (not counted).
  for (let m = 0; m < MEMBERS; m++) await place(m, SLIPS_EACH);
  const warmRefused = [...refused.values()].reduce((a, b) => a + b, 0) + failures.length;
  refused.clear();

  const started = performance.now();
  await Promise.all(
    Array.from({ length: MEMBERS }, async (_, m) => {
      for (let slip = 0; slip < SLIPS_EACH; slip++) if (await place(m, slip)) completed++;
    }),
  );
  const ms = performance.now() - started;
  const total = MEMBERS * SLIPS_EACH;
  const refusals = [...refused.entries()].sort(([a], [b]) => a.localeCompare(b));
  const refusedCount = refusals.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `slips placed (${label}, ${MEMBERS} members at once, ${SLIPS_EACH} slips each of ${LINES} lines, on ${round.bet_type}): ` +
      `${completed} completed, ${refusedCount} refused` +
      (refusals.length > 0 ? ` (${refusals.map(([code, n]) => `${code} ${n}`).join(", ")})` : "") +
      `, ${failures.length} other errors, ${(ms / 1000).toFixed(2)} s (${rate(completed, ms)} slips, ` +
      `${rate(completed * LINES, ms)} lines)` +
      (warmRefused > 0 ? `; ${warmRefused} of the ${MEMBERS} warm-up slips failed` : ""),
  );
  for (const failure of new Set(failures)) console.log(`  error: ${failure}`);

  const problems = await checkLedger(db);
  const { slips, lines } = await db
    .selectFrom("poys")
    .leftJoin("poy_lines", "poy_lines.poy_id", "poys.id")
    .select((eb) => [
      eb.fn.count<string>("poys.id").distinct().as("slips"),
      eb.fn.count<string>("poy_lines.id").as("lines"),
    ])
    .executeTakeFirstOrThrow();
  console.log(
    problems.length === 0
      ? `ledger check after slips (${label}): sound (${slips} slips, ${lines} lines stored; debits equal credits, balances match, none negative)`
      : `ledger check after slips (${label}): ${problems.length} violation(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  if (problems.length > 0 || failures.length > 0 || completed !== total) process.exitCode = 1;
}

/** pgbench on PATH, else in Debian's versioned PostgreSQL directories. */
function findPgbench(): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && existsSync(join(dir, "pgbench"))) return join(dir, "pgbench");
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort().reverse()) {
      const candidate = join(debian, version, "bin", "pgbench");
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** The same machine's PostgreSQL under pgbench, in a throwaway database. */
async function pgbench(url: string): Promise<void> {
  const binary = findPgbench();
  if (!binary) {
    console.log(
      "pgbench (PostgreSQL): skipped: pgbench is not installed (Debian: postgresql-client-<major>, e.g. postgresql-client-15)",
    );
    return;
  }
  const name = `bench_pgbench_${randomBytes(6).toString("hex")}`;
  const target = new URL(url);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const scriptDir = mkdtempSync(join(tmpdir(), "lottoup-bench-pgbench-"));
  try {
    await admin.query(`create database ${name}`);
    const run = (args: string[]) => {
      const result = spawnSync(binary, [...args, String(target)], { encoding: "utf8" });
      if (result.status !== 0) {
        throw new Error(`pgbench ${args.join(" ")} failed: ${result.error?.message ?? result.stderr.trim()}`);
      }
      return result.stdout;
    };
    run(["-i", "-s", "1", "-q"]);
    const version = /\d+(?:\.\d+)*/.exec(spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout)?.[0];
    const oneRow = join(scriptDir, "one-row-update.sql");
    const oneRowScript =
      "\\set aid random(1, 100000)\nupdate pgbench_accounts set abalance = abalance + 1 where aid = :aid;\n";
    writeFileSync(oneRow, oneRowScript);
    for (const [what, args] of [
      ["built-in simple-update: update one account, select it, insert history", ["-b", "simple-update"]],
      ["one-row update, one statement per transaction", ["-f", oneRow]],
    ] as const) {
      const argv = ["-c", "10", "-j", "2", "-T", "10", ...args];
      const out = run(argv);
      const tps =
        /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
          out,
        )?.[1];
      const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
      console.log(
        `pgbench (PostgreSQL ${version ?? "?"}, scale 1, ${what}): ` +
          `${tps === undefined ? "no tps in the output" : `${Math.round(Number(tps))} tps`}` +
          (failed !== undefined ? `, ${failed} failed` : "") +
          `; command: ${binary} ${argv.join(" ")} ${shownUrl(String(target))}`,
      );
    }
    console.log(
      `  (database ${name} made by ${binary} -i -s 1 -q, dropped after; ${oneRow}: ` +
        `${oneRowScript.trim().replace("\n", "; ")})`,
    );
  } catch (err) {
    console.log(`pgbench (PostgreSQL): failed: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  } finally {
    rmSync(scriptDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`).catch((err: unknown) => {
      console.log(`pgbench: could not drop database ${name}: ${err instanceof Error ? err.message : err}`);
    });
    await admin.end();
  }
}

const postgresUrl = await onBothEngines("slips", benchmark, ["slips placed", "pgbench"]);
if (postgresUrl) await pgbench(postgresUrl);
