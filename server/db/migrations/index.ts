import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001_foundation.ts";
import * as m0002 from "./0002_accounts.ts";
import * as m0003 from "./0003_ledger.ts";
import * as m0004 from "./0004_wallet.ts";
import * as m0005 from "./0005_lotto.ts";
import * as m0006 from "./0006_results.ts";
import * as m0007 from "./0007_push.ts";
import * as m0008 from "./0008_ying_bonus_push.ts";

// Listed explicitly (not read from disk) so the set of migrations is fixed at build time and ordered by name.
const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_accounts": m0002,
  "0003_ledger": m0003,
  "0004_wallet": m0004,
  "0005_lotto": m0005,
  "0006_results": m0006,
  "0007_push": m0007,
  "0008_ying_bonus_push": m0008,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
