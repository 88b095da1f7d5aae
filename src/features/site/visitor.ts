import { ensureGuestId } from "../../lib/session.ts";

/**
 * The visitor identity of SPEC.md section 3 (visitorId, iat, exp, uuid), kept in browser storage for 6 hours.
 * Purpose, and the only use: requests carry the guest id so support can follow one visitor's requests in the
 * server log when they report a problem. No profiling, no third party, nothing collected beyond the id.
 */
export interface VisitorIdentity {
  visitorId: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  /** The member's uuid once logged in, else null. */
  uuid: string | null;
}

export const VISITOR_STORAGE_KEY = "visitor";
export const VISITOR_TTL_SECONDS = 6 * 60 * 60;

export function visitorIdentity(
  memberUuid: string | null,
  nowSeconds = Math.floor(Date.now() / 1000),
): VisitorIdentity {
  const visitorId = ensureGuestId();
  try {
    const stored = JSON.parse(localStorage.getItem(VISITOR_STORAGE_KEY) ?? "null") as VisitorIdentity | null;
    if (stored && stored.visitorId === visitorId && stored.uuid === memberUuid && nowSeconds < stored.exp)
      return stored;
  } catch {}
  const identity: VisitorIdentity = {
    visitorId,
    iat: nowSeconds,
    exp: nowSeconds + VISITOR_TTL_SECONDS,
    uuid: memberUuid,
  };
  try {
    localStorage.setItem(VISITOR_STORAGE_KEY, JSON.stringify(identity));
  } catch {}
  return identity;
}
