import ky, { type KyInstance } from "ky";
import type { LottoFamily } from "../../domain/lotto/index.ts";
import { type ApiError, toApiError } from "../../lib/api.ts";

/**
 * The back office's own client: its token lives in this tab's session storage only (never the member cookie),
 * and a 401 here ends the staff session, not a member's.
 */
const TOKEN_KEY = "staff-token";
const PROFILE_KEY = "staff-profile";

export interface StaffProfile {
  userName: string;
  role: "staff" | "administrator" | "super_admin";
}

export function staffSession(): StaffProfile | null {
  try {
    const raw = sessionStorage.getItem(PROFILE_KEY);
    return raw && sessionStorage.getItem(TOKEN_KEY) ? (JSON.parse(raw) as StaffProfile) : null;
  } catch {
    return null;
  }
}

export function clearStaffSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(PROFILE_KEY);
}

const client: KyInstance = ky.create({
  prefix: "/api/staff",
  timeout: 20_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = sessionStorage.getItem(TOKEN_KEY);
        if (token) request.headers.set("authorization", `Bearer ${token}`);
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
    const response = await client.post("login", { json: { userName, password } });
    const token = response.headers.get("auth");
    const profile = (await response.json()) as StaffProfile;
    if (!token) throw new Error("no token");
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
    return profile;
  });
}

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
