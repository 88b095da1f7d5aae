import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001_foundation.ts";
import * as m0002 from "./0002_accounts.ts";
import * as m0003 from "./0003_ledger.ts";
import * as m0004 from "./0004_wallet.ts";
import * as m0005 from "./0005_lotto.ts";
import * as m0006 from "./0006_results.ts";
import * as m0007 from "./0007_push.ts";
import * as m0008 from "./0008_ying_bonus_push.ts";
import * as m0009 from "./0009_account_security.ts";
import * as m0010 from "./0010_sessions_locks_line.ts";
import * as m0011 from "./0011_bank_feed_replay.ts";
import * as m0012 from "./0012_four_eyes.ts";
import * as m0013 from "./0013_sealed_draws.ts";
import * as m0014 from "./0014_receiving_account_proposals.ts";
import * as m0015 from "./0015_games.ts";
import * as m0016 from "./0016_originals.ts";
import * as m0017 from "./0017_game_adjust_proposals.ts";

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
  "0009_account_security": m0009,
  "0010_sessions_locks_line": m0010,
  "0011_bank_feed_replay": m0011,
  "0012_four_eyes": m0012,
  "0013_sealed_draws": m0013,
  "0014_receiving_account_proposals": m0014,
  "0015_games": m0015,
  "0016_originals": m0016,
  "0017_game_adjust_proposals": m0017,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
