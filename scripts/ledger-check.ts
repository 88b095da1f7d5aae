/**
 * `npm run ledger:check`: verifies the ledger's invariants on the configured database (the same environment as
 * `npm start`). Exits 1 and lists every violation when the ledger is not sound.
 */
import { resolve } from "node:path";
import { loadConfig } from "../server/config.ts";
import { migrate, openDatabase } from "../server/db/database.ts";
import { checkLedger } from "../server/ledger/check.ts";

const config = loadConfig(process.env);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, "pglite"),
});
try {
  await migrate(database);
  const problems = await checkLedger(database.db);
  const counts = await database.db
    .selectFrom("ledger_transfers")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  if (problems.length > 0) {
    console.error(`ledger: ${problems.length} violation(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(`ledger: sound (${counts.n} transfers; debits equal credits, balances match, none negative)`);
  }
} finally {
  await database.close();
}
