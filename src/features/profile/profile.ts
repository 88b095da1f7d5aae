import type { ProfileUpdateInput } from "../../domain/account.ts";
import type { SecurityEventView } from "../../domain/securityEvents.ts";
import { api, getJson, postJson } from "../../lib/api.ts";

export interface ProfileUpdateResult {
  avatar: string | null;
  email: string | null;
  lineId: string | null;
  name: string | null;
}

/**
 * POST users-infos.update: only the fields given change (none at all is answered DATA_IS_NULL). A new name
 * takes the member's PIN (`pin`); avatar, email and LINE id do not.
 */
export async function updateProfile(changes: ProfileUpdateInput, pin?: string): Promise<ProfileUpdateResult> {
  const body = pin ? { ...changes, pin } : changes;
  const { data } = await postJson<ProfileUpdateResult>(api, "users-infos.update", body);
  return data;
}

/** A new phone number takes the member's PIN; the old number is told by SMS. */
export async function updatePhoneNumber(phoneNumber: string, pin: string): Promise<{ phoneNumber: string }> {
  const { data } = await postJson<{ phoneNumber: string }>(api, "users.phone-number.update", {
    phoneNumber,
    pin,
  });
  return data;
}

/** The member's last security events, newest first (logins, wrong PINs, account changes). */
export const fetchSecurityEvents = () =>
  getJson<{ items: SecurityEventView[] }>(api, "users.security-events").then((r) => r.items);

export interface ChangePinBody {
  oldPassword: string;
  newPassword: string;
  /** Revoke this member's sessions on other devices; this one stays signed in. */
  signOutOthers: boolean;
}

/** POST users.change-password; `signedOut` is how many other sessions were revoked. */
export async function changePin(body: ChangePinBody): Promise<{ ok: true; signedOut: number }> {
  const { data } = await postJson<{ ok: true; signedOut: number }>(api, "users.change-password", body);
  return data;
}
