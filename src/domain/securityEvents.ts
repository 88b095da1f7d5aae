/**
 * A member's security events (docs/security.md "Account takeover"): what happened to the account, shown to the
 * member on /profile and to staff in the back office. Pure: shared by the server and the app.
 */
export const SECURITY_EVENT_TYPES = [
  "login",
  /** A login from a user agent and network prefix this member had not logged in from before. */
  "new-device",
  /** A wrong PIN, at login or when confirming a change. */
  "pin-failed",
  /** Too many wrong PINs: the account is locked. */
  "locked",
  "pin-changed",
  /** The PIN was reset with an SMS code (forgot PIN). */
  "pin-reset",
  "name-changed",
  "phone-changed",
  "bank-added",
  "line-linked",
  "line-unlinked",
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** How many events the member sees on /profile. */
export const MEMBER_SECURITY_EVENTS_SHOWN = 20;

/** One event as the member (and staff) read it. */
export interface SecurityEventView {
  id: string;
  type: SecurityEventType;
  createdAt: string;
  /** The address's network prefix ("203.0.113.x"), never the whole address. */
  network: string | null;
  /** A short description of the browser ("Chrome on Android"). */
  device: string | null;
  /** True when staff made the change (for example a name corrected by staff). */
  byStaff: boolean;
  /** Type-specific, already safe to show: `where` (login | confirm), `bank` (code), `last4`. */
  detail: Record<string, string>;
}

/**
 * The part of an address that stays the same on one network: the first three octets of IPv4 (a /24), the first
 * three groups of IPv6 (a /48). Mobile carriers hand out new addresses within a prefix, so this is what "a device
 * seen before" compares, together with the user agent.
 */
export function networkPrefix(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(":")) {
    const groups = ip.toLowerCase().split("::")[0]?.split(":") ?? [];
    const head = [...groups, "0", "0", "0"].slice(0, 3).map((g) => g || "0");
    return `${head.join(":")}::/48`;
  }
  return null;
}

/** "Chrome on Android" from a user agent: enough for a member to recognise their own phone, nothing more. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const os = /Android/i.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/i.test(userAgent)
      ? "iOS"
      : /Windows/i.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/i.test(userAgent)
          ? "macOS"
          : /Linux/i.test(userAgent)
            ? "Linux"
            : null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /SamsungBrowser/.test(userAgent)
      ? "Samsung Internet"
      : /Line\//.test(userAgent)
        ? "LINE"
        : /Firefox\//.test(userAgent)
          ? "Firefox"
          : /Chrome\/|CriOS/.test(userAgent)
            ? "Chrome"
            : /Safari\//.test(userAgent)
              ? "Safari"
              : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? userAgent.slice(0, 40);
}
