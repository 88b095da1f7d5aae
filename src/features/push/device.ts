import { number, object, picklist, string } from "valibot";
import { api, postJson } from "../../lib/api.ts";
import { read, readText, remove, write, writeText } from "../../lib/storage.ts";
import { STORAGE_KEYS } from "../../lib/storageKeys.ts";

// What this device remembers about push (STORAGE_KEYS); logout loads this file only when there is something.

/** The token this device last registered with the server, for whom, in which language, and when. */
export interface PushRegistration {
  token: string;
  provider: "firebase" | "local";
  uuid: string;
  locale: string;
  /** Epoch milliseconds. */
  at: number;
}

const StoredRegistration = object({
  token: string(),
  provider: picklist(["firebase", "local"]),
  uuid: string(),
  locale: string(),
  at: number(),
});

export function storedRegistration(): PushRegistration | null {
  return read(STORAGE_KEYS.pushRegistration, StoredRegistration);
}

export function storeRegistration(registration: PushRegistration | null): void {
  if (registration) write(STORAGE_KEYS.pushRegistration, registration);
  else remove(STORAGE_KEYS.pushRegistration);
}

const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * This browser's id for the server's token registry, made once and kept across logins (an older build's
 * `pushDeviceId` is moved over, so the device keeps its id).
 */
export function pushDeviceId(): string {
  const stored = readText(STORAGE_KEYS.pushDeviceId);
  if (stored && DEVICE_ID.test(stored)) return stored;
  const id = crypto.randomUUID().replace(/-/g, "");
  writeText(STORAGE_KEYS.pushDeviceId, id);
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
  const deviceId = readText(STORAGE_KEYS.pushDeviceId);
  if (deviceId) await postJson(api, "push-tokens.delete", { deviceId });
}
