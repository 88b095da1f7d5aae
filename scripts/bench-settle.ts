/**
 * Settlement throughput, printed by `npm run bench` after the slip figures (or alone:
 * `node scripts/bench-settle.ts`): the time to settle 1,000,000 slip lines of one government round on
 * PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when reachable; a throwaway schema,
 * dropped after), and lines per second.
 *
 * The round is bulk-loaded in SQL with generate_series, not through the API: 10,000 funded members, 100,000
 * slips of 10 lines (every government option, numbers spread over the round), each slip paid for by its own
 * BET_GOV transfer as placePoy would, balances set from the transfers. A result is entered and confirmed (two
 * staff actors), then settleDueRounds runs as the round job runs it: batches of slips claimed with
 * `for update skip locked`, each line judged with judgeLine, winners paid by bulk ledger transfers. Then a
 * second, concurrent pair of runs on a correction (every line judged again, wins reversed or paid), and
 * `checkLedger` on the whole ledger.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { DateTime } from "luxon";
import { type Database, migrate, openDatabase } from "../server/db/database.ts";
import { seed } from "../server/db/seed.ts";
import { checkLedger } from "../server/ledger/check.ts";
import { systemAccount } from "../server/ledger/ledger.ts";
import { houseAccountCode } from "../server/modules/lotto/poys.ts";
import { confirmResult, proposeResult } from "../server/modules/lotto/results.ts";
import { roundValues } from "../server/modules/lotto/rounds.ts";
import { settleDueRounds } from "../server/modules/lotto/settlement.ts";
import { BANGKOK, LOTTO_OPTIONS, optionDigits, roundsForDay } from "../src/domain/lotto/index.ts";
import { findPostgres, rate } from "./bench-common.ts";

const MEMBERS = 10_000;
/** 100,000 slips of 10 lines; BENCH_SETTLE_SLIPS makes a smaller run (a quick check of the script). */
const SLIPS = Number(process.env.BENCH_SETTLE_SLIPS ?? 100_000);
const LINES = 10; // per slip: 1,000,000 lines
const OPTIONS = LOTTO_OPTIONS;
const DIGITS = OPTIONS.map(optionDigits);

async function load(database: Database) {
  const db = database.db;
  await migrate(database);
  await seed(db);
  const scheduled = roundsForDay("gov", "2094-01-16")[0];
  if (!scheduled) throw new Error("no government round on 2094-01-16");
  const values = roundValues(scheduled);
  const round = await db
    .insertInto("lotto_rounds")
    .values({
      ...values,
      status: "closed",
      close_at: DateTime.now().setZone(BANGKOK).minus({ hours: 2 }).toJSDate(),
      result_at: DateTime.now().setZone(BANGKOK).minus({ hours: 1 }).toJSDate(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const house = await systemAccount(db, houseAccountCode("gov"), "house");
  const clearing = await systemAccount(db, "clearing:deposit:bench", "clearing");
  const tag = randomBytes(4).toString("hex");
  await sql`
    insert into members (user_name, password_hash, phone_number, agent_id, ref_uid, af_slug)
    select 'bs' || ${tag} || g, 'unused', '0812345678', 2, 0, 'bs' || ${tag} || g from generate_series(1, ${MEMBERS}) g`.execute(
    db,
  );
  await sql`
    insert into ledger_accounts (code, kind, member_id, allow_negative)
    select 'member:' || id || ':member_cash', 'member_cash', id, false from members where user_name like ${`bs${tag}%`}`.execute(
    db,
  );
  // Member n (1-based) is the n-th bench member by id; slip s belongs to member (s % MEMBERS) + 1.
  await sql`create temporary table bench_members as
    select row_number() over (order by m.id) as n, m.id as member_id, a.id as account_id
      from members m join ledger_accounts a on a.member_id = m.id and a.kind = 'member_cash'
     where m.user_name like ${`bs${tag}%`}`.execute(db);
  const rates = round.rates;
  const options = OPTIONS.map((o) => `'${o}'`).join(",");
  const digits = DIGITS.join(",");
  const multiplies = OPTIONS.map((o) => `'${rates[o]}'`).join(",");
  // Each member deposits what their slips cost; each slip is paid by its own BET_GOV transfer.
  await sql`
    insert into ledger_transfers (kind, debit_account_id, credit_account_id, amount, type, reference, idempotency_key)
    select 'posted', ${clearing}, b.account_id, count(*) * ${LINES * 100}, 'DEPOSIT', 'bench', 'bench-fund:' || b.member_id
      from generate_series(0, ${SLIPS - 1}) s join bench_members b on b.n = (s % ${MEMBERS}) + 1
     group by b.account_id, b.member_id`.execute(db);
  await sql`
    insert into ledger_transfers (kind, debit_account_id, credit_account_id, amount, type, reference, idempotency_key)
    select 'posted', b.account_id, ${house}, ${LINES * 100}, 'BET_GOV', 'bench', 'bench-bet:' || s
      from generate_series(0, ${SLIPS - 1}) s join bench_members b on b.n = (s % ${MEMBERS}) + 1`.execute(db);
  await sql`
    insert into poys (member_id, round_id, status, total, idempotency_key, transfer_id)
    select b.member_id, ${round.id}, 'waiting', ${LINES * 100}, 'bench:' || s, t.id
      from generate_series(0, ${SLIPS - 1}) s
      join bench_members b on b.n = (s % ${MEMBERS}) + 1
      join ledger_transfers t on t.idempotency_key = 'bench-bet:' || s`.execute(db);
  // Line k of slip p: option k mod 8, a number spread by slip and line (distinct per slip and option).
  await sql`
    insert into poy_lines (poy_id, option, number, price, multiply, batch, status)
    select p.id, (array[${sql.raw(options)}])[k % 8 + 1],
           lpad(((p.id * 7 + k * 131) % power(10, (array[${sql.raw(digits)}])[k % 8 + 1])::bigint)::text,
                (array[${sql.raw(digits)}])[k % 8 + 1], '0'),
           100, (array[${sql.raw(multiplies)}])[k % 8 + 1], 1, 'waiting'
      from poys p cross join generate_series(0, ${LINES - 1}) k
     where p.round_id = ${round.id}`.execute(db);
  await sql`
    update ledger_accounts a set balance = coalesce(c.credit, 0) - coalesce(d.debit, 0)
      from ledger_accounts x
      left join (select credit_account_id as id, sum(amount) as credit from ledger_transfers group by 1) c on c.id = x.id
      left join (select debit_account_id as id, sum(amount) as debit from ledger_transfers group by 1) d on d.id = x.id
     where a.id = x.id`.execute(db);
  await sql`analyze`.execute(db);
  return round;
}

async function benchmark(url: string): Promise<void> {
  const database = await openDatabase({
    databaseUrl: url,
    schema: `bench_${randomBytes(6).toString("hex")}`,
    dropSchemaOnClose: true,
  });
  const other = await openDatabase({ databaseUrl: url, schema: database.schema });
  try {
    const loadStarted = performance.now();
    const round = await load(database);
    const lines = SLIPS * LINES;
    console.log(
      `settlement bench (PostgreSQL): ${SLIPS.toLocaleString("en-US")} slips, ${lines.toLocaleString("en-US")} lines of ${MEMBERS.toLocaleString("en-US")} members loaded with generate_series in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );
    const db = database.db;
    const enter = async (first: string, note?: string) => {
      const payload = { first, front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" };
      const p = await proposeResult(db, { roundId: round.id, payload, note, actor: "staff:1:bench_a" });
      return confirmResult(db, { resultId: p.id, actor: "staff:2:bench_b" });
    };

    await enter("123456");
    let started = performance.now();
    const first = await settleDueRounds(db, new Date(), { roundIds: [round.id] });
    let ms = performance.now() - started;
    const won = await sql<{ n: string; paid: string }>`
      select count(*) as n, coalesce(sum(payout), 0) as paid from poy_lines where status = 'won'`.execute(db);
    console.log(
      `settle ${lines.toLocaleString("en-US")} slip lines (PostgreSQL, one process): ${(ms / 1000).toFixed(2)} s (${rate(first.lines, ms)} lines), ` +
        `${first.slips} slips, ${won.rows[0]?.n} winning lines paid by ${first.transfers} transfers`,
    );

    // A correction: every slip again, by two processes sharing the round.
    await enter("123457", "bench correction");
    started = performance.now();
    const [a, b] = await Promise.all([
      settleDueRounds(db, new Date(), { roundIds: [round.id] }),
      settleDueRounds(other.db, new Date(), { roundIds: [round.id] }),
    ]);
    ms = performance.now() - started;
    const changed = (a?.lines ?? 0) + (b?.lines ?? 0);
    console.log(
      `re-settle a correction (PostgreSQL, two processes at once): ${(ms / 1000).toFixed(2)} s for ${(a.slips + b.slips).toLocaleString("en-US")} slips ` +
        `(${a.slips} + ${b.slips}), ${changed} lines re-judged, ${a.transfers + b.transfers} reversals and payments`,
    );
    const problems = await checkLedger(db);
    console.log(`settlement bench ledger check: ${problems.length === 0 ? "clean" : problems.join("; ")}`);
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await other.close();
    await database.close();
  }
}

const postgres = await findPostgres();
if ("skip" in postgres) console.log(`settle 1,000,000 slip lines (PostgreSQL): skipped: ${postgres.skip}`);
else await benchmark(postgres.url);
