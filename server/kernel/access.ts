import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Kysely } from "kysely";
import { isAreaBlocked, type RestrictedArea } from "../../src/domain/access.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import {
  type AuthenticatedMember,
  authenticateStaff,
  requireMember,
  type StaffPrincipal,
  type StaffRole,
} from "./sessions.ts";

/**
 * Who may call a route, declared once on the route and enforced by one hook (docs/architecture.md "The
 * kernel", docs/staff-roles.md):
 *
 *   app.get("/api/cashs", { config: { access: ACCESS.member } }, async (request) => memberOf(request) …)
 *   app.post("/api/staff/deposits.approve", { config: { access: staffAccess("deposits.decide") } }, …)
 *
 * `registerAccessControl` adds an `onRoute` hook on the root that gives every route with an `access` a
 * preHandler: members need a live session and, for an area (money, games, lotto), a status that does not close
 * it (docs/rules.md "Member statuses"); staff need a live staff session whose role holds the permission, and the
 * route must be listed under that permission in STAFF_PERMISSIONS (checked when the route is registered: a staff
 * route missing from the table stops the server from starting). The handler reads who called with `memberOf`
 * or `staffOf`, which assert that the route was guarded.
 */

const EVERY_ROLE = ["staff", "administrator", "super_admin"] as const;
const ADMINISTRATORS = ["administrator", "super_admin"] as const;

/**
 * The one table of back-office rights (docs/staff-roles.md is its matrix): each permission, the roles that hold
 * it, and the endpoints that require it (server/modules/staff/permissions.test.ts walks every staff route with
 * every role against this table). `proposals.*` rights have no endpoint of their own: they say who may confirm
 * a second-person proposal of that kind (server/modules/wallet/fourEyes.ts); the confirmer is never the proposer.
 */
export const STAFF_PERMISSIONS = {
  "members.read": {
    roles: EVERY_ROLE,
    endpoints: [
      "POST /api/staff/logout",
      "GET /api/staff/members",
      "GET /api/staff/security-events",
      "GET /api/staff/proposals",
      "POST /api/staff/proposals.confirm",
      "POST /api/staff/proposals.reject",
    ],
  },
  "members.unlock": { roles: EVERY_ROLE, endpoints: ["POST /api/staff/members.unlock"] },
  // A member's name is frozen once a bank account is verified; only administrators correct it (audited).
  "members.status": {
    roles: ADMINISTRATORS,
    endpoints: ["POST /api/staff/members.status", "POST /api/staff/members.rename"],
  },
  // Deposits: approve as requested (at once up to the four-eyes threshold), reject, pair bank transfers, propose
  // an override; the receiving accounts are only read here.
  "deposits.decide": {
    roles: EVERY_ROLE,
    endpoints: [
      "GET /api/staff/deposits",
      "POST /api/staff/deposits.approve",
      "POST /api/staff/deposits.reject",
      "GET /api/staff/statement-lines",
      "POST /api/staff/statement-lines.assign",
    ],
  },
  "withdrawals.decide": {
    roles: ADMINISTRATORS,
    endpoints: [
      "GET /api/staff/withdrawals",
      "POST /api/staff/withdrawals.pay",
      "POST /api/staff/withdrawals.review",
      "POST /api/staff/withdrawals.reject",
    ],
  },
  "banks.verify": {
    roles: EVERY_ROLE,
    endpoints: ["GET /api/staff/member-banks", "POST /api/staff/member-banks.verify"],
  },
  "members.adjust": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/members.adjust"] },
  "site.money": {
    roles: ADMINISTRATORS,
    endpoints: [
      "GET /api/staff/receiving-accounts",
      "POST /api/staff/receiving-accounts.save",
      "GET /api/staff/ledger.check",
    ],
  },
  "lotto.read": {
    roles: EVERY_ROLE,
    endpoints: [
      "GET /api/staff/lotto/restrictions",
      "GET /api/staff/lotto/results",
      "GET /api/staff/lotto/shortfalls",
    ],
  },
  "lotto.restrict": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/lotto/restrictions.set"] },
  "lotto.close": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/lotto/rounds.close"] },
  // Results: enter, confirm (someone else's entry), reject; cancelling a round refunds every waiting slip.
  "lotto.results": {
    roles: EVERY_ROLE,
    endpoints: [
      "POST /api/staff/lotto/results.propose",
      "POST /api/staff/lotto/results.confirm",
      "POST /api/staff/lotto/results.reject",
    ],
  },
  "lotto.cancel": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/lotto/rounds.cancel"] },
  // Games money (docs/games-api.md "Back office"): a member's game transactions and the providers' callbacks, for
  // reconciliation, and the shortfalls of rolled-back wins; corrections are proposals a second administrator
  // confirms.
  "games.read": {
    roles: EVERY_ROLE,
    endpoints: ["GET /api/staff/games/transactions", "GET /api/staff/games/shortfalls"],
  },
  "games.adjust": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/games/adjust"] },
  // Who confirms what another staff member proposed (four eyes).
  "proposals.deposit.approve": { roles: EVERY_ROLE, endpoints: [] },
  "proposals.deposit.override": { roles: ADMINISTRATORS, endpoints: [] },
  "proposals.withdrawal.pay": { roles: ADMINISTRATORS, endpoints: [] },
  "proposals.member.adjust": { roles: ADMINISTRATORS, endpoints: [] },
  "proposals.member-bank.verify": { roles: EVERY_ROLE, endpoints: [] },
  // Where members are told to send deposits: a second administrator confirms every addition or change.
  "proposals.receiving-account.save": { roles: ADMINISTRATORS, endpoints: [] },
  // A game money correction (GAME_ADD / GAME_DEDUCT): a second administrator confirms every one.
  "proposals.game.adjust": { roles: ADMINISTRATORS, endpoints: [] },
} as const satisfies Record<string, { roles: readonly StaffRole[]; endpoints: readonly string[] }>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** Staff endpoints anyone may call: logging in. Every other /api/staff route is in STAFF_PERMISSIONS. */
export const PUBLIC_STAFF_ENDPOINTS: readonly string[] = ["POST /api/staff/login"];

/** Whether a role holds a permission of the table. */
export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission].roles as readonly string[]).includes(role);
}

/** What a route's `config.access` may say. */
export type RouteAccess =
  /** A logged-in member who may log in; with an area, one whose status does not close it. */
  | { readonly member: "any" | RestrictedArea }
  /** A staff member whose role holds the permission (the route is listed under it). */
  | { readonly staff: StaffPermission };

/** The member accesses, by name: `{ config: { access: ACCESS.money } }`. */
export const ACCESS = {
  member: { member: "any" },
  money: { member: "money" },
  games: { member: "games" },
  lotto: { member: "lotto" },
} as const satisfies Record<string, RouteAccess>;

/** A staff route's access: `{ config: { access: staffAccess("deposits.decide") } }`. */
export const staffAccess = (permission: StaffPermission): RouteAccess => ({ staff: permission });

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route (server/kernel/access.ts); none = anyone (guests included). */
    access?: RouteAccess;
  }
}

const callers = new WeakMap<FastifyRequest, AuthenticatedMember | StaffPrincipal>();
const forbidden = () => new AppError(403, "FORBIDDEN", "Sorry, access denied.");

/** The member a guarded route admitted. Calling it on a route without a member access is a programming error. */
export function memberOf(request: FastifyRequest): AuthenticatedMember {
  const caller = callers.get(request);
  if (!caller || !("memberId" in caller)) {
    throw new Error(
      `${request.routeOptions.url ?? request.url} reads a member but declares no member access`,
    );
  }
  return caller;
}

/** The staff member a guarded route admitted (a programming error on a route without a staff access). */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  const caller = callers.get(request);
  if (!caller || !("role" in caller)) {
    throw new Error(`${request.routeOptions.url ?? request.url} reads staff but declares no staff access`);
  }
  return caller;
}

/** How audit rows and proposals name a staff member: `staff:<id>:<userName>`. */
export const actorOf = (s: StaffPrincipal) => `staff:${s.id}:${s.userName}`;

/** "POST /api/staff/x": how the table names a route (HEAD is the GET route's). */
const endpointName = (method: string, url: string) => `${method === "HEAD" ? "GET" : method} ${url}`;

/** The member check alone, for the few routes that must do work before it (logout clears cookies first). */
export async function admitMember(
  db: Kysely<DB>,
  sessionSecret: string,
  request: FastifyRequest,
  area: "any" | RestrictedArea = "any",
): Promise<AuthenticatedMember> {
  const member = await requireMember(db, sessionSecret, request);
  if (area !== "any" && isAreaBlocked(member.status, area)) throw forbidden();
  callers.set(request, member);
  return member;
}

/** The staff check alone (a permission the route's own table entry lists), for the same few routes. */
export async function admitStaff(
  db: Kysely<DB>,
  sessionSecret: string,
  request: FastifyRequest,
  permission: StaffPermission,
): Promise<StaffPrincipal> {
  const staff = await authenticateStaff(db, sessionSecret, request);
  const endpoint = endpointName(request.method, request.routeOptions.url ?? request.url);
  if (
    !roleMay(staff.role, permission) ||
    !(STAFF_PERMISSIONS[permission].endpoints as readonly string[]).includes(endpoint)
  ) {
    throw forbidden();
  }
  callers.set(request, staff);
  return staff;
}

/** The guards this hook made (so a route's HEAD twin is not guarded twice). */
const guards = new WeakSet<object>();

/**
 * The one access hook: every route registered after it (every module's) with a `config.access` gets a
 * preHandler enforcing it, before its own preHandlers. Register it on the root, before any module.
 */
export function registerAccessControl(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; sessionSecret: string },
): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access) return;
    if ("staff" in access) {
      const listed = STAFF_PERMISSIONS[access.staff].endpoints as readonly string[];
      for (const method of [route.method].flat()) {
        const endpoint = endpointName(method, route.url);
        if (!listed.includes(endpoint))
          throw new Error(
            `${endpoint} needs ${access.staff} but is not listed under it in STAFF_PERMISSIONS`,
          );
      }
    }
    const guard =
      "staff" in access
        ? async (request: FastifyRequest) => {
            await admitStaff(deps.db, deps.sessionSecret, request, access.staff);
          }
        : async (request: FastifyRequest) => {
            await admitMember(deps.db, deps.sessionSecret, request, access.member);
          };
    // Fastify registers a GET route's HEAD twin from the options this hook already changed: guard it once.
    const own = (route.preHandler ? [route.preHandler].flat() : []).filter((h) => !guards.has(h));
    guards.add(guard);
    route.preHandler = [guard, ...own];
  });
}
