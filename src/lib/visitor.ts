import { looseObject, number, string } from "valibot";
import { ensureGuestId } from "./session.ts";
import { read, write } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";

/**
 * The visitor identity of docs/rules.md "Site and visitor" (visitorId, iat, exp, uuid), kept in browser storage for 6 hours.
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

export const VISITOR_TTL_SECONDS = 6 * 60 * 60;

/** The stored identity; its `uuid` (null for a guest) is compared as it is, so it needs no schema of its own. */
const StoredVisitor = looseObject({ visitorId: string(), iat: number(), exp: number() });

export function visitorIdentity(
  memberUuid: string | null,
  nowSeconds = Math.floor(Date.now() / 1000),
): VisitorIdentity {
  const visitorId = ensureGuestId();
  const stored = read(STORAGE_KEYS.visitor, StoredVisitor);
  if (stored && stored.visitorId === visitorId && stored.uuid === memberUuid && nowSeconds < stored.exp)
    return { visitorId, iat: stored.iat, exp: stored.exp, uuid: memberUuid };
  const identity: VisitorIdentity = {
    visitorId,
    iat: nowSeconds,
    exp: nowSeconds + VISITOR_TTL_SECONDS,
    uuid: memberUuid,
  };
  write(STORAGE_KEYS.visitor, identity);
  return identity;
}
