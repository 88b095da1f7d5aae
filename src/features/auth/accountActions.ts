import { api, postJson } from "../../lib/api.ts";
import { acceptSession, setUserInfo, type UserInfo } from "../../lib/auth.ts";
import { captchaFields } from "./login.ts";

// Account actions the first paint does not need (sign-up, LINE, profile refresh): kept out of the landing
// page's JavaScript; auth.ts keeps what the shell and the login form use.

/** Where the visit came from, recorded with a new account (users.signup / line-login; docs/rules.md "Field names": agentId, refUid). */
export function attributionContext(afSlug: string | undefined) {
  const params = new URLSearchParams(window.location.search);
  return {
    agentId: params.get("agentId") ?? "",
    refUid: params.get("refUid") ?? "",
    employeeSlug: params.get("employeeSlug") ?? params.get("emp") ?? "",
    referUrl: document.referrer.slice(0, 500),
    registerFromDomain: window.location.hostname,
    slug: afSlug ?? "",
  };
}

/**
 * Starts LINE login, or with `pin` connects LINE to the logged-in member (the server checks the PIN first): the
 * browser goes to LINE. The answer also sets this browser's flow cookie, so only this browser can finish it.
 */
export async function startLineLogin(afSlug?: string, pin?: string): Promise<void> {
  const { data } = await postJson<{ authorizeUrl: string }>(
    api,
    "users.line-login.start",
    pin === undefined ? attributionContext(afSlug) : { connect: true, password: pin },
  );
  window.location.assign(data.authorizeUrl);
}

/** The LINE callback: a logged-in member gets LINE connected, anyone else is logged in (or registered). */
export async function finishLineLogin(code: string, state: string): Promise<{ linked: boolean }> {
  const { data } = await postJson<{ userInfo: UserInfo; linked?: boolean }>(api, "users.line-login", {
    code,
    state,
  });
  if (data.linked) {
    setUserInfo(data.userInfo);
    return { linked: true };
  }
  acceptSession(data.userInfo);
  return { linked: false };
}

export interface SignupBody {
  userName: string;
  password: string;
  phoneNumber: string;
  agentId?: number | string;
  refUid?: number | string;
  referUrl?: string;
  registerFromDomain?: string;
  slug?: string;
  employeeSlug?: string;
}

export async function signup(body: SignupBody): Promise<UserInfo> {
  const { data } = await postJson<{ userInfo: UserInfo }>(api, "users.signup", {
    ...body,
    ...(await captchaFields("signup")),
  });
  acceptSession(data.userInfo);
  return data.userInfo;
}
