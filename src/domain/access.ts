/**
 * Member statuses (SPEC.md section 4; the meaning of each is our decision, see docs/architecture.md):
 * 0 active; 1 suspended (logged out automatically, cannot log in, every session refused); 2 may not use money
 * pages (/credit, /bank); 3 may not use games (/game); 4 may not use lotto (/lotto).
 */
export const MEMBER_STATUS = { active: 0, suspended: 1, noMoney: 2, noGames: 3, noLotto: 4 } as const;

export type RestrictedArea = "money" | "games" | "lotto";

/** Which area a path belongs to, by the spec's substrings. */
export function areaOfPath(path: string): RestrictedArea | null {
  if (path.includes("/credit") || path.includes("/bank")) return "money";
  if (path.includes("/game")) return "games";
  if (path.includes("/lotto")) return "lotto";
  return null;
}

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
