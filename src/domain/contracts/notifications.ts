import * as v from "valibot";
import { text } from "../text.ts";
import { type Baht, type IsoTime, Limit } from "./common.ts";

/**
 * Push notifications (docs/decisions.md "Push notifications"): the server writes a type and string parameters
 * to its outbox, the service worker words them in the member's language (sw/pushMessages.ts), and the app lists
 * them (GET notifications). Every place that knows the types takes them from here.
 */

/** A round's names: Thai, and English for the other languages. */
interface RoundNames {
  roundName: string;
  roundNameEn: string;
}

export const NOTIFICATION_TYPES = [
  "poy-won",
  "poy-lost",
  "round-result",
  "deposit-approved",
  "deposit-rejected",
  "withdrawal-paid",
  "withdrawal-rejected",
  "ying-bonus",
  "name-changed",
  "phone-changed",
  "bank-added",
  "pin-changed",
  "line-linked",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Each type and the parameters it carries (all strings: FCM data values are strings). */
interface ParamsByType {
  /** A slip won (the total won). */
  "poy-won": RoundNames & { poyId: string; amount: Baht };
  /** A slip did not win. */
  "poy-lost": RoundNames & { poyId: string };
  /** A round the member bet in has its result. */
  "round-result": RoundNames & { top3: string; bottom2: string };
  "deposit-approved": { depositId: string; amount: Baht };
  "deposit-rejected": { depositId: string; amount: Baht };
  "withdrawal-paid": { withdrawalId: string; amount: Baht };
  "withdrawal-rejected": { withdrawalId: string; amount: Baht };
  /** The yeekee shooter bonus paid for place #1 or #16. */
  "ying-bonus": RoundNames & { amount: Baht; place: string };
  /** Account changes (docs/security.md "Every change is told to the member"). */
  "name-changed": Record<string, never>;
  "phone-changed": { last4: string };
  "bank-added": { bank: string; last4: string };
  "pin-changed": Record<string, never>;
  "line-linked": Record<string, never>;
}
/** The parameters of a type (indexing fails to typecheck for a type NOTIFICATION_TYPES has and this lacks). */
export type NotificationParams<T extends NotificationType = NotificationType> = ParamsByType[T];

/** The types that tell good news (shown with the success tone). */
export const GOOD_NEWS_NOTIFICATIONS: readonly NotificationType[] = [
  "poy-won",
  "ying-bonus",
  "deposit-approved",
  "withdrawal-paid",
];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

export type NotificationStatus = "pending" | "sent" | "failed" | "no_device";

/** GET notifications: the member's own outbox rows, newest first. */
export interface NotificationListView {
  items: {
    id: string;
    type: NotificationType;
    params: Record<string, string>;
    url: string;
    status: NotificationStatus;
    createdAt: IsoTime;
    sentAt: IsoTime | null;
    /** What was handed to each of the member's devices (the local stand-in's record, in demo mode). */
    deliveries: {
      deviceId: string;
      data: Record<string, string>;
      result: "sent" | "unregistered" | "error";
    }[];
  }[];
}

/** A device id is the app's own random pushDeviceId. */
const DeviceId = v.pipe(text(64), v.regex(/^[A-Za-z0-9_-]{8,64}$/, "requestInvalid"));
/** Push tokens are indexed (unique): a b-tree entry holds about 2,700 bytes. FCM tokens are about 160. */
export const PUSH_TOKEN_LENGTH_MAX = 2048;
/** The push providers a token may come from; the server delivers through one (GET app-config `push`). */
export const PUSH_PROVIDERS = ["firebase", "local"] as const;

/** push-tokens.register: locale `th|en|kh|mm` or the catalog codes `km|my`. */
export const RegisterPushTokenBody = v.object({
  deviceId: DeviceId,
  token: v.pipe(
    // Printable ASCII, PUSH_TOKEN_LENGTH_MAX at most.
    text(PUSH_TOKEN_LENGTH_MAX),
    v.minLength(8, "requestInvalid"),
    v.regex(/^[\x21-\x7e]+$/, "requestInvalid"),
  ),
  provider: v.picklist(PUSH_PROVIDERS, "requestInvalid"),
  locale: text(10),
});
/** push-tokens.delete: one of the caller's own devices. */
export const DeletePushTokenBody = v.object({ deviceId: DeviceId });
/** GET notifications. */
export const NotificationsQuery = v.object({ limit: Limit(30, 100) });
