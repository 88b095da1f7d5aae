/**
 * reCAPTCHA v3, loaded only when the server is configured with a site key (never on a default install).
 * Returns a token for the action; the server verifies it with Google.
 */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error("reCAPTCHA did not load"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("reCAPTCHA did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

export async function recaptchaToken(
  siteKey: string,
  action: "login" | "signup",
): Promise<string | undefined> {
  try {
    const g = await loadScript(siteKey);
    return await g.execute(siteKey, { action });
  } catch {
    // The server answers 'cannot confirm reCaptcha with Google', which the form shows.
    return undefined;
  }
}
