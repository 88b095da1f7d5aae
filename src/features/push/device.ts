import { api, postJson } from "../../lib/api.ts";
import { PUSH_REGISTRATION_KEY } from "../auth/auth.ts";

/** What this device remembers about push, in localStorage; logout loads this file only when there is something. */
export const PUSH_DEVICE_KEY = "pushDeviceId";

/** The token this device last registered with the server, for whom, in which language, and when. */
export interface PushRegistration {
  token: string;
  provider: "firebase" | "local";
  uuid: string;
  locale: string;
  /** Epoch milliseconds. */
  at: number;
}

export function storedRegistration(): PushRegistration | null {
  try {
    const raw = localStorage.getItem(PUSH_REGISTRATION_KEY);
    return raw ? (JSON.parse(raw) as PushRegistration) : null;
  } catch {
    return null;
  }
}

export function storeRegistration(registration: PushRegistration | null): void {
  try {
    if (registration) localStorage.setItem(PUSH_REGISTRATION_KEY, JSON.stringify(registration));
    else localStorage.removeItem(PUSH_REGISTRATION_KEY);
  } catch {}
}

/** This browser's id for the server's token registry, made once and kept across logins. */
export function pushDeviceId(): string {
  let id = localStorage.getItem(PUSH_DEVICE_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = crypto.randomUUID().replace(/-/g, "");
    localStorage.setItem(PUSH_DEVICE_KEY, id);
  }
  return id;
}

/**
 * Logout: the server forgets this device's token, so the next person on this browser gets none of the member's
 * notifications. Must run while the session is still valid. Offline it fails quietly: the server also stops
 * sending to a device whose session was revoked.
 */
export async function unregisterPushDevice(): Promise<void> {
  if (!storedRegistration()) return;
  storeRegistration(null);
  const deviceId = localStorage.getItem(PUSH_DEVICE_KEY);
  if (deviceId) await postJson(api, "push-tokens.delete", { deviceId });
}
