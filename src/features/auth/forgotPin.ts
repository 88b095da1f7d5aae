import { api, getJson, postJson } from "../../lib/api.ts";

export interface OtpRequestResult {
  /** Shown with the code in the SMS, so the member can match the two. */
  refOtpCode: string;
  expiresInSeconds: number;
}

/**
 * POST users.forgot-password.otp. The answer is the same whether or not the pair names an account: an SMS is
 * sent only when it does.
 */
export async function requestPinResetCode(userName: string, phoneNumber: string): Promise<OtpRequestResult> {
  const { data } = await postJson<OtpRequestResult>(api, "users.forgot-password.otp", {
    userName,
    phoneNumber,
  });
  return data;
}

export interface PinResetBody {
  userName: string;
  phoneNumber: string;
  otpCode: string;
  refOtpCode: string;
  newPassword: string;
}

/** POST users.forgot-password: sets the new PIN and signs the account out everywhere. */
export async function resetPin(body: PinResetBody): Promise<void> {
  await postJson<{ ok: true }>(api, "users.forgot-password", body);
}

export interface DemoSms {
  body: string;
  createdAt: string;
}

/** Demo mode only: the SMS the embedded provider would have sent to this number in the last hour, newest first. */
export async function demoSmsOutbox(phoneNumber: string): Promise<DemoSms[]> {
  const query = new URLSearchParams({ phoneNumber });
  const { messages } = await getJson<{ messages: DemoSms[] }>(api, `demo/sms-outbox?${query}`);
  return messages;
}
