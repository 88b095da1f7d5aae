import ky, { type KyInstance } from "ky";
import { object, picklist, string } from "valibot";
import type { LottoFamily } from "../../domain/lotto/index.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../domain/session.ts";
import { type ApiError, toApiError } from "../../lib/api.ts";
import { read, remove, write } from "../../lib/storage.ts";
import { STORAGE_KEYS } from "../../lib/storageKeys.ts";

/**
 * The back office's own client. Its token lives in an HttpOnly cookie the server sets for /api/staff only (never
 * the member's cookie, never readable here); this tab keeps only who is logged in (a non-secret hint) in its
 * session storage, and a 401 here ends the staff session, not a member's.
 */
export interface StaffProfile {
  userName: string;
  role: "staff" | "administrator" | "super_admin";
}

const StoredProfile = object({
  userName: string(),
  role: picklist(["staff", "administrator", "super_admin"]),
});

export function staffSession(): StaffProfile | null {
  // Where earlier versions kept the token itself: removed on sight.
  remove(STORAGE_KEYS.staffLegacyToken);
  return read(STORAGE_KEYS.staffProfile, StoredProfile);
}

export function clearStaffSession(): void {
  remove(STORAGE_KEYS.staffLegacyToken);
  remove(STORAGE_KEYS.staffProfile);
}

const client: KyInstance = ky.create({
  prefix: "/api/staff",
  timeout: 20_000,
  retry: 0,
  credentials: "same-origin",
  hooks: {
    beforeRequest: [
      ({ request }) => {
        // The server refuses a change made with the staff cookie without this header (CSRF).
        request.headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
      },
    ],
  },
});

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const apiError: ApiError = await toApiError(error);
    if (apiError.status === 401) clearStaffSession();
    throw apiError;
  }
}

export async function staffLogin(userName: string, password: string): Promise<StaffProfile> {
  return call(async () => {
    // The answer sets the HttpOnly staff cookie; the body says who logged in.
    const profile = await client.post("login", { json: { userName, password } }).json<StaffProfile>();
    write(STORAGE_KEYS.staffProfile, profile);
    return profile;
  });
}

/** The server revokes the session and clears its cookie; the tab forgets who was logged in either way. */
export async function staffLogout(): Promise<void> {
  try {
    await client.post("logout", { json: {} });
  } catch {
    // The session ends here either way.
  }
  clearStaffSession();
}

export const staffGet = <T>(path: string) => call(() => client.get(path).json<T>());
export const staffPost = <T>(path: string, body: unknown) =>
  call(() => client.post(path, { json: body }).json<T>());

export interface StaffMemberRef {
  uuid: string;
  userName: string;
  name: string | null;
}

export interface StaffDeposit {
  id: string;
  channel: string;
  amount: string;
  prepareAmount: string;
  status: string;
  depositAt?: string | null;
  createdAt: string;
  receiving: { bankCode: string; accountNumber: string } | null;
  member: StaffMemberRef;
}

export interface StaffWithdrawal {
  id: string;
  amount: string;
  status: string;
  /** "required": the first withdrawal to a newly added account, to review before paying; "done": reviewed. */
  review: "required" | "done" | null;
  createdAt: string;
  bank: { bankCode: string; accountNumber: string; accountName: string | null };
  member: StaffMemberRef;
}

export interface StaffStatementLine {
  id: string;
  amount: string;
  occurredAt: string;
  reference: string | null;
  depositId: string | null;
  source: string;
}

export interface StaffMemberBank {
  id: string;
  bankCode: string;
  accountNumber: string;
  accountName: string | null;
  status: string;
  member: StaffMemberRef;
}

export interface StaffRoundResult {
  betId: number;
  betGroup: LottoFamily;
  betType: string;
  betName: string;
  name: string;
  dt: string;
  closeAt: string;
  resultAt: string;
  status: string;
  waitingSlips: number;
  proposal: {
    resultId: string;
    version: number;
    source: string;
    payload: Record<string, unknown>;
    enteredBy: string;
    note: string | null;
    createdAt: string;
  } | null;
  confirmed: {
    resultId: string;
    version: number;
    source: string;
    payload: Record<string, unknown>;
    enteredBy: string;
    confirmedBy: string;
    decidedAt: string;
  } | null;
}

export interface StaffRestrictions {
  betId: number;
  restrictions: { option: string; number: string; multiply: string; setBy: string; updatedAt: string }[];
  rateNow: { option: string; number: string; multiply: string }[];
}

/** A staff action waiting for (or decided by) a second staff member: GET /api/staff/proposals. */
export interface StaffProposal {
  id: string;
  kind:
    | "deposit.approve"
    | "deposit.override"
    | "withdrawal.pay"
    | "member.adjust"
    | "member-bank.verify"
    | "receiving-account.save";
  status: "proposed" | "confirmed" | "rejected";
  amount: string | null;
  details: Record<string, string | null>;
  reason: string | null;
  proposedBy: string;
  proposedByMe: boolean;
  canConfirm: boolean;
  createdAt: string;
  member: StaffMemberRef | null;
}

/** GET /api/staff/members: the search the adjustment form starts from. */
export interface StaffMemberRow {
  uuid: string;
  userName: string;
  name: string | null;
  phoneNumber: string | null;
  status: number;
}
