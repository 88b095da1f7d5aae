import type { ProfileUpdateInput } from "../../domain/account.ts";
import { api, postJson } from "../../lib/api.ts";

export interface ProfileUpdateResult {
  avatar: string | null;
  email: string | null;
  lineId: string | null;
  name: string | null;
}

/** POST users-infos.update: only the fields given change (none at all is answered DATA_IS_NULL). */
export async function updateProfile(changes: ProfileUpdateInput): Promise<ProfileUpdateResult> {
  const { data } = await postJson<ProfileUpdateResult>(api, "users-infos.update", changes);
  return data;
}

export async function updatePhoneNumber(phoneNumber: string): Promise<{ phoneNumber: string }> {
  const { data } = await postJson<{ phoneNumber: string }>(api, "users.phone-number.update", { phoneNumber });
  return data;
}

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
