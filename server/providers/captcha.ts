/**
 * reCAPTCHA verification (sign-up and login). Off unless RECAPTCHA_SECRET is set; the verify URL is
 * configurable so tests (and a self-hosted proxy) can stand in for Google's endpoint.
 */
export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string | undefined, remoteIp: string, action: string): Promise<boolean>;
}

export const GOOGLE_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
/** reCAPTCHA v3 score below which a request is treated as a bot. */
export const MIN_SCORE = 0.5;

export const disabledCaptcha: CaptchaVerifier = { enabled: false, verify: async () => true };

export function recaptchaVerifier(secret: string, verifyUrl = GOOGLE_VERIFY_URL): CaptchaVerifier {
  return {
    enabled: true,
    async verify(token, remoteIp, action) {
      if (!token || token.length > 4000) return false;
      try {
        const response = await fetch(verifyUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: boolean; score?: number; action?: string };
        if (result.success !== true) return false;
        if (result.action !== undefined && result.action !== action) return false;
        return result.score === undefined || result.score >= MIN_SCORE;
      } catch {
        // Google unreachable: refuse rather than let unverified traffic through.
        return false;
      }
    },
  };
}
