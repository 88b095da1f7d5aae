import { api, postJson } from "../../lib/api.ts";
import { acceptSession, type UserInfo } from "../../lib/auth.ts";
import { appConfigAtom } from "../../lib/site.ts";
import { appStore } from "../../lib/store.ts";

/** The reCAPTCHA token for an action, when the server asks for one (the script loads only then). */
export async function captchaFields(action: "login" | "signup"): Promise<{ recaptchaToken?: string }> {
  const siteKey = appStore.get(appConfigAtom)?.recaptchaSiteKey;
  if (!siteKey) return {};
  const { recaptchaToken } = await import("./recaptcha.ts");
  const token = await recaptchaToken(siteKey, action);
  return token ? { recaptchaToken: token } : {};
}

/** users.login: the second step of the login form; the answer's session becomes this device's (lib/auth.ts). */
export async function login(userName: string, password: string): Promise<UserInfo> {
  const { data } = await postJson<{ userInfo: UserInfo }>(api, "users.login", {
    userName,
    password,
    ...(await captchaFields("login")),
  });
  acceptSession(data.userInfo);
  return data.userInfo;
}
