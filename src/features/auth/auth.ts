import { atom } from "jotai";
import { ApiError, api, postJson } from "../../lib/api.ts";
import { clearSession, getAccessToken, storeAccessToken } from "../../lib/session.ts";
import { appStore } from "../../lib/store.ts";
import { appConfigAtom } from "../site/site.ts";
import { type DecodedToken, decodeToken, isExpired } from "./token.ts";

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
  token: string | null;
  decoded: DecodedToken | null;
  userInfo: UserInfo | null;
}

const USER_INFO_CACHE_KEY = "userInfo";
/** Set while this device is registered for push (src/features/push/device.ts, loaded only after login). */
export const PUSH_REGISTRATION_KEY = "pushRegistration";

function cachedUserInfo(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_CACHE_KEY);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

/** Read synchronously at start-up, so guards never mistake "not loaded yet" for "logged out". */
function initialState(): AuthState {
  if (typeof document === "undefined") return { token: null, decoded: null, userInfo: null };
  const token = getAccessToken();
  const decoded = decodeToken(token);
  if (!token || !decoded || isExpired(decoded)) {
    // SPEC.md section 4: an undecodable (or expired) token means logged out; drop it.
    if (token) clearSession();
    return { token: null, decoded: null, userInfo: null };
  }
  return { token, decoded, userInfo: cachedUserInfo() };
}

export const authAtom = atom<AuthState>(initialState());
/** Set when the server refused the session: the shell shows the Unauthorized screen in place of the page. */
export const unauthorizedAtom = atom<boolean>(false);

export function memberStatus(): number | null {
  const { decoded } = appStore.get(authAtom);
  return decoded ? decoded.status : null;
}

export function setUserInfo(userInfo: UserInfo | null): void {
  appStore.set(authAtom, { ...appStore.get(authAtom), userInfo });
  try {
    if (userInfo) localStorage.setItem(USER_INFO_CACHE_KEY, JSON.stringify(userInfo));
    else localStorage.removeItem(USER_INFO_CACHE_KEY);
  } catch {}
}

export function acceptToken(response: Response, userInfo: UserInfo): void {
  const token = response.headers.get("auth");
  const decoded = decodeToken(token);
  if (!token || !decoded) throw new ApiError(500, "INTERNAL", "The server sent no usable token.");
  storeAccessToken(token, decoded.exp - Math.floor(Date.now() / 1000));
  appStore.set(authAtom, { token, decoded, userInfo: null });
  setUserInfo(userInfo);
  appStore.set(unauthorizedAtom, false);
}

/** Forgets the session on this device (token, user info, the cookies logout clears). */
export function forgetSession(): void {
  clearSession();
  appStore.set(authAtom, { token: null, decoded: null, userInfo: null });
  try {
    localStorage.removeItem(USER_INFO_CACHE_KEY);
    // The next login on this device registers its push token again (for whoever it is).
    localStorage.removeItem(PUSH_REGISTRATION_KEY);
  } catch {}
}

/** The reCAPTCHA token for an action, when the server asks for one (the script loads only then). */
export async function captchaFields(action: "login" | "signup"): Promise<{ recaptchaToken?: string }> {
  const siteKey = appStore.get(appConfigAtom)?.recaptchaSiteKey;
  if (!siteKey) return {};
  const { recaptchaToken } = await import("./recaptcha.ts");
  const token = await recaptchaToken(siteKey, action);
  return token ? { recaptchaToken: token } : {};
}

export async function login(userName: string, password: string): Promise<UserInfo> {
  const { data, response } = await postJson<{ userInfo: UserInfo }>(api, "users.login", {
    userName,
    password,
    ...(await captchaFields("login")),
  });
  acceptToken(response, data.userInfo);
  return data.userInfo;
}

/** Server-side revocation first; whatever it answers, the device forgets the session. */
export async function logout(): Promise<void> {
  try {
    if (appStore.get(authAtom).token) {
      // While the session still counts: this device stops receiving the member's notifications.
      if (localStorage.getItem(PUSH_REGISTRATION_KEY)) {
        await import("../push/device.ts").then((m) => m.unregisterPushDevice()).catch(() => undefined);
      }
      await postJson(api, "users.logout", {});
    }
  } catch {
    // Offline or already revoked: the token is dropped here either way.
  } finally {
    forgetSession();
  }
}

/**
 * users.auth: confirms the stored session with the server and refreshes the user info. A refused session is
 * forgotten; a network failure keeps the last known state (offline start).
 */
export async function restoreSession(): Promise<"none" | "restored" | "refused" | "offline"> {
  if (!appStore.get(authAtom).token) return "none";
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
