import type { FastifyInstance } from "fastify";
import type { ModuleBase } from "../../kernel/module.ts";
import { staffRoutes } from "./routes.ts";

/**
 * The back office's own door (docs/staff-roles.md, docs/security.md "Sessions, locks and LINE"): staff login and
 * logout, the member search, unlocking a member and changing their status. The other desks live with the
 * module whose rows they change (the money desk in wallet, the lotto desk in lotto, the games desk in games), each
 * route declaring its right with `staffAccess(...)`; who holds which right is the one table, STAFF_PERMISSIONS in
 * server/kernel/access.ts.
 *
 * What it owns: staff, staff_sessions, audit_log (written by every desk through audit.ts, in the transaction of
 * the change it records). Invariants, and where they are kept:
 * - failed logins are limited per address and per account, each attempt taking its slot before the password is
 *   checked (routes.ts /api/staff/login); unknown names cost the same time as known ones;
 * - a staff session ends after 8 hours, or 30 minutes idle (server/kernel/sessions.ts);
 * - a suspension ends the member's sessions in its transaction, and their sockets close after the commit.
 */
export default async function staffModule(app: FastifyInstance, deps: ModuleBase) {
  await staffRoutes(app, { config: deps.config, database: deps.database });
}
