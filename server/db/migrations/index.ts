import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001_foundation.ts";

// Listed explicitly (not read from disk) so the set of migrations is fixed at build time and ordered by name.
const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
