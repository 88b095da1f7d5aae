/**
 * Member statuses (docs/rules.md "Member statuses"; the meaning of each is our decision):
 * 0 active; 1 suspended (logged out automatically, cannot log in, every session refused); 2 may not use money
 * pages (/credit, /bank); 3 may not use games (/game); 4 may not use lotto (/lotto).
 */
export const MEMBER_STATUS = { active: 0, suspended: 1, noMoney: 2, noGames: 3, noLotto: 4 } as const;

/**
 * The areas a member status may close (docs/rules.md "Member statuses": /credit and /bank; /game; /lotto).
 * Each page declares its area on its route (src/lib/guards.ts), never read from the address: /poy and /number-set
 * are lotto without "/lotto" in their paths. The server refuses an area's calls with 403 FORBIDDEN.
 */
export const RESTRICTED_AREAS = ["money", "games", "lotto"] as const;
export type RestrictedArea = (typeof RESTRICTED_AREAS)[number];

const BLOCKED_AREA: Record<number, RestrictedArea> = {
  [MEMBER_STATUS.noMoney]: "money",
  [MEMBER_STATUS.noGames]: "games",
  [MEMBER_STATUS.noLotto]: "lotto",
};

/** True when a member with this status may not use the area (the client shows 403, the server answers 403). */
export function isAreaBlocked(status: number, area: RestrictedArea | null): boolean {
  return area !== null && BLOCKED_AREA[status] === area;
}

export function canLogIn(status: number): boolean {
  return status !== MEMBER_STATUS.suspended;
}
