import type { FastifyRequest } from "fastify";
import { isAreaBlocked } from "../../../src/domain/access.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { type AuthenticatedMember, requireMember } from "../accounts/sessions.ts";
import { type StaffRole, staffAuthenticator } from "../staff/routes.ts";

/**
 * Who may do what with lotto in the back office. Kept here (not in STAFF_PERMISSIONS) so the lotto module stands
 * alone; every staff member may read restrictions, administrators set them.
 */
export const LOTTO_STAFF_PERMISSIONS = {
  "lotto.read": ["staff", "administrator", "super_admin"],
  "lotto.restrict": ["administrator", "super_admin"],
  "lotto.close": ["administrator", "super_admin"],
  // Results: enter, confirm (someone else's entry), reject; cancelling a round refunds every waiting slip.
  "lotto.results": ["staff", "administrator", "super_admin"],
  "lotto.cancel": ["administrator", "super_admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type LottoStaffPermission = keyof typeof LOTTO_STAFF_PERMISSIONS;

/** The guards every lotto route module uses: members allowed lotto, and staff with a lotto permission. */
export function lottoAccess(deps: { config: Config; database: Database }) {
  const { db } = deps.database;
  const requireStaff = staffAuthenticator(deps);
  return {
    /** A logged-in member whose status allows lotto (status 4 may not: SPEC.md section 4). */
    async requireLottoMember(request: FastifyRequest): Promise<AuthenticatedMember> {
      const member = await requireMember(db, deps.config.sessionSecret, request);
      if (isAreaBlocked(member.status, "lotto"))
        throw new AppError(403, "FORBIDDEN", "Sorry, access denied.");
      return member;
    },
    /** Any active staff session first (401 otherwise), then the lotto permission (403). */
    async requireLottoStaff(request: FastifyRequest, permission: LottoStaffPermission) {
      const staff = await requireStaff(request, "members.read");
      if (!(LOTTO_STAFF_PERMISSIONS[permission] as readonly string[]).includes(staff.role)) {
        throw new AppError(403, "FORBIDDEN", "Sorry, access denied.");
      }
      return staff;
    },
  };
}
