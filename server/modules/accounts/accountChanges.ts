import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Transaction } from "kysely";
import { resolveUserLocale, type UserLocale } from "../../../src/domain/locale.ts";
import type { SecurityEventType } from "../../../src/domain/securityEvents.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { Executor } from "../../kernel/db.ts";
import type { SmsProvider } from "../../providers/sms.ts";
import { enqueueNotification } from "../push/outbox.ts";
import { type RequestContext, recordSecurityEvent } from "./securityEvents.ts";

/** Account changes the member is told of by push (worded by the service worker, sw/pushMessages.ts). */
export type AccountChangeType =
  | "name-changed"
  | "phone-changed"
  | "bank-added"
  | "pin-changed"
  | "line-linked";

/** The last four digits of a phone or account number: enough for the member to recognise it. */
export const lastFour = (digits: string) => digits.replace(/\D/g, "").slice(-4);

/**
 * Records an account change in the member's security events and queues the push that tells them, both in `trx`
 * (the transaction of the change itself). `params` must be safe on a lock screen (no full numbers).
 */
export async function recordAccountChange(
  trx: Transaction<DB>,
  change: {
    memberId: bigint;
    type: AccountChangeType;
    /** The trail's word for it when it differs from the push type (a PIN reset by SMS is told as a change). */
    event?: SecurityEventType;
    params?: Record<string, string>;
    actor?: string;
    context?: RequestContext;
  },
): Promise<bigint> {
  const eventId = await recordSecurityEvent(trx, {
    memberId: change.memberId,
    type: change.event ?? change.type,
    detail: change.params ?? {},
    ...(change.actor ? { actor: change.actor } : {}),
    ...(change.context ? { context: change.context } : {}),
  });
  await enqueueNotification(trx, {
    memberId: change.memberId,
    type: change.type,
    params: change.params ?? {},
    url: "/profile",
    dedupeKey: `${change.type}:${eventId}`,
  });
  return eventId;
}

/** The name is the bank holder name withdrawals are checked against: once an account is verified, it is fixed. */
export async function nameIsFrozen(db: Executor, memberId: bigint): Promise<boolean> {
  const verified = await db
    .selectFrom("member_banks")
    .select("id")
    .where("member_id", "=", memberId)
    .where("status", "=", "verified")
    .limit(1)
    .executeTakeFirst();
  return verified !== undefined;
}

const NAME_FROZEN_TEXT: Record<UserLocale, string> = {
  th: "ไม่สามารถเปลี่ยนชื่อได้ เพราะชื่อต้องตรงกับบัญชีธนาคารที่ยืนยันแล้ว กรุณาติดต่อเจ้าหน้าที่",
  en: "Your name cannot be changed because it must match your verified bank account. Please contact support.",
  kh: "មិនអាចប្តូរឈ្មោះបានទេ ព្រោះវាត្រូវតែដូចគណនីធនាគារដែលបានផ្ទៀងផ្ទាត់។ សូមទាក់ទងផ្នែកជំនួយ។",
  mm: "အတည်ပြုပြီးသော ဘဏ်အကောင့်နှင့် ကိုက်ညီရမည်ဖြစ်၍ အမည်ကို ပြောင်း၍မရပါ။ ဝန်ထမ်းကို ဆက်သွယ်ပါ။",
};

/** The language of a message the server words itself: the app's `x-locale`, else the member's own. */
export function localeOf(request: FastifyRequest, memberLocale: string | null | undefined): string | null {
  const header = request.headers["x-locale"];
  return typeof header === "string" && header !== "" ? header : (memberLocale ?? null);
}

export const nameFrozen = (locale: string | null | undefined) =>
  new AppError(409, "NAME_FROZEN", NAME_FROZEN_TEXT[resolveUserLocale(locale ?? null)]);

/** What the old number receives when the phone number changes: the one warning a thief cannot intercept. */
const PHONE_CHANGED_SMS: Record<UserLocale, (last4: string) => string> = {
  th: (d) => `LOTTOUP: เบอร์โทรของบัญชีคุณถูกเปลี่ยนเป็นเบอร์ที่ลงท้าย ${d} หากคุณไม่ได้เปลี่ยน กรุณาติดต่อเจ้าหน้าที่ทันที`,
  en: (d) =>
    `LOTTOUP: the phone number of your account was changed to one ending in ${d}. If this was not you, contact support at once.`,
  kh: (d) => `LOTTOUP: លេខទូរស័ព្ទនៃគណនីរបស់អ្នកត្រូវបានប្តូរទៅលេខដែលបញ្ចប់ដោយ ${d}។ បើមិនមែនអ្នកទេ សូមទាក់ទងផ្នែកជំនួយភ្លាម។`,
  mm: (d) => `LOTTOUP: သင့်အကောင့်၏ ဖုန်းနံပါတ်ကို ${d} ဖြင့်ဆုံးသော နံပါတ်သို့ ပြောင်းလိုက်ပါသည်။ သင်မဟုတ်ပါက ဝန်ထမ်းကို ချက်ချင်း ဆက်သွယ်ပါ။`,
};

/** Sent after the change committed; a failing SMS gateway is logged, it does not undo the change. */
export async function smsOldPhone(
  sms: SmsProvider,
  log: FastifyBaseLogger,
  change: { oldPhone: string | null; newPhone: string; locale: string },
): Promise<void> {
  if (!change.oldPhone || change.oldPhone === change.newPhone) return;
  const text = PHONE_CHANGED_SMS[resolveUserLocale(change.locale)](lastFour(change.newPhone));
  try {
    await sms.send(change.oldPhone, text);
  } catch (err) {
    log.warn({ err }, "phone change: the SMS to the old number failed");
  }
}
