import { looseObject, string } from "valibot";
import { isExpired, type SessionHint } from "../domain/session.ts";
import { ApiError, api, getJson, postJson } from "./api.ts";
import { adoptSession, clearSession, currentSession } from "./session.ts";
import { read, remove, write } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";
import { appStore, atom } from "./store.ts";

/**
 * Who is logged in on this device, for every part of the app: the session's hint, the member's details, and the
 * two ways a session ends on screen (the Unauthorized screen for a refused session, the 403 screen for an area the
 * member's status does not open). The login forms (features/auth) start a session with `acceptSession`; everything
 * else reads it here.
 */

export interface UserInfo {
  uuid: string;
  status: number;
  level: number;
  userName: string;
  name: string | null;
  email: string | null;
  avatar: string | null;
  phoneNumber: string;
  lineId: string | null;
  lineUid: string | null;
  afSlug: string;
}

export interface AuthState {
  /** The session's non-secret hint (uuid, status, expiry, id); the token itself is HttpOnly, out of reach. */
  session: SessionHint | null;
  userInfo: UserInfo | null;
}

/** What the first paint needs of the cached details; the rest is whatever the server sent (users.auth replaces it). */
const CachedUserInfo = looseObject({ uuid: string(), userName: string() });

function cachedUserInfo(uuid: string): UserInfo | null {
  const cached = read(STORAGE_KEYS.userInfo, CachedUserInfo);
  return cached && cached.uuid === uuid ? (cached as unknown as UserInfo) : null;
}

/** Read synchronously at start-up, so guards never mistake "not loaded yet" for "logged out". */
function initialState(): AuthState {
  if (typeof document === "undefined") return { session: null, userInfo: null };
  const session = currentSession();
  if (!session || isExpired(session)) {
    // docs/rules.md "Guards and sessions": an unreadable (or expired) session means logged out; drop it.
    if (session) clearSession();
    return { session: null, userInfo: null };
  }
  return { session, userInfo: cachedUserInfo(session.uuid) };
}

export const authAtom = atom<AuthState>(initialState());
/** Set when the server refused the session: the shell shows the Unauthorized screen in place of the page. */
export const unauthorizedAtom = atom<boolean>(false);
/**
 * The path of the page whose area the server refused to the member (403 FORBIDDEN: the status closes lotto, money or
 * games): the shell shows the 403 screen in place of the page, and the member stays logged in. Cleared once another
 * page has loaded (src/router.tsx).
 */
export const forbiddenAtom = atom<string | null>(null);

/**
 * The member's status as the app last heard it: from the details users.auth answered (read from the database) when
 * they are this session's, else from the session's hint (the status at login). Null when logged out.
 */
export function memberStatus(): number | null {
  const { session, userInfo } = appStore.get(authAtom);
  if (!session) return null;
  return userInfo?.uuid === session.uuid && typeof userInfo.status === "number"
    ? userInfo.status
    : session.status;
}

export function setUserInfo(userInfo: UserInfo | null): void {
  appStore.set(authAtom, { ...appStore.get(authAtom), userInfo });
  if (userInfo) write(STORAGE_KEYS.userInfo, userInfo);
  else remove(STORAGE_KEYS.userInfo);
}

/**
 * After a login answer (login, sign-up, LINE): the server has set the session's HttpOnly cookie and its hint;
 * the hint becomes this device's session.
 */
export function acceptSession(userInfo: UserInfo): void {
  const session = adoptSession();
  if (!session) throw new ApiError(500, "INTERNAL", "The server sent no usable session.");
  appStore.set(authAtom, { session, userInfo: null });
  setUserInfo(userInfo);
  appStore.set(unauthorizedAtom, false);
  appStore.set(forbiddenAtom, null);
}

/** Forgets the session on this device (its hint, user info, the cookies logout clears). */
export function forgetSession(): void {
  clearSession();
  appStore.set(authAtom, { session: null, userInfo: null });
  remove(STORAGE_KEYS.userInfo);
  // The next login on this device registers its push token again (for whoever it is).
  remove(STORAGE_KEYS.pushRegistration);
}

const beforeLogout = new Set<() => Promise<void>>();

/**
 * Work to do while the session still counts, when the member logs out (push: this device stops receiving the
 * member's notifications). Registered by the composition root (src/main.tsx), so the kernel imports no feature.
 */
export function onLogout(task: () => Promise<void>): () => void {
  beforeLogout.add(task);
  return () => beforeLogout.delete(task);
}

/**
 * Server-side revocation first (its answer also clears the HttpOnly cookie); whatever it answers, the device
 * forgets the session.
 */
export async function logout(): Promise<void> {
  try {
    if (appStore.get(authAtom).session) {
      await Promise.all([...beforeLogout].map((task) => task().catch(() => undefined)));
      await postJson(api, "users.logout", {});
    }
  } catch {
    // Offline or already revoked: the session is forgotten here either way.
  } finally {
    forgetSession();
  }
}

/** The member's details again (after a change, or to see a status staff changed). */
export async function refreshUserInfo(): Promise<UserInfo> {
  const info = await getJson<UserInfo>(api, "users-infos");
  setUserInfo(info);
  return info;
}

/**
 * users.auth: confirms the stored session with the server and refreshes the user info. A refused session is
 * forgotten; a network failure keeps the last known state (offline start).
 */
export async function restoreSession(): Promise<"none" | "restored" | "refused" | "offline"> {
  if (!appStore.get(authAtom).session) return "none";
  try {
    const { data } = await postJson<{ userInfo: UserInfo }>(api, "users.auth", {});
    setUserInfo(data.userInfo);
    return "restored";
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      forgetSession();
      return "refused";
    }
    return "offline";
  }
}
