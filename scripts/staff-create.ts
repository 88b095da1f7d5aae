/**
 * Creates a back-office account on the configured database (the same environment as `npm start`):
 *
 *   STAFF_PASSWORD='Str0ng#Pass' npm run staff:create -- --user opsadmin --role administrator
 *
 * Roles: staff (look up and unlock members), administrator (also set member statuses), super_admin.
 * The password comes from STAFF_PASSWORD so it never appears in the shell history or the process list.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.ts";
import { migrate, openDatabase } from "../server/db/database.ts";
import { seed } from "../server/db/seed.ts";
import { createStaff } from "../server/modules/staff/createStaff.ts";

const { values } = parseArgs({
  options: { user: { type: "string" }, role: { type: "string", default: "staff" } },
});
const password = process.env.STAFF_PASSWORD ?? "";
if (!values.user || !password) {
  console.error(
    "usage: STAFF_PASSWORD='…' npm run staff:create -- --user NAME [--role staff|administrator|super_admin]",
  );
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, "pglite"),
});
try {
  await migrate(database);
  await seed(database.db);
  const created = await createStaff(database.db, {
    userName: values.user,
    password,
    role: values.role ?? "staff",
  });
  console.log(`created staff account ${created.user_name} (${created.role})`);
} catch (err) {
  console.error(`staff:create: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
