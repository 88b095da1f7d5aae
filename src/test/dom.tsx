import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll } from "vitest";

/**
 * Component tests render pages the way a member sees them: in a DOM (the file opts in with
 * `// @vitest-environment happy-dom`), with the English source texts, and unmounted after each test.
 * Call once at the top of a test file; `render` mounts a node (wrapped in the i18n provider) and returns its host.
 */
export function domHarness() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let root: Root | null = null;
  let host: HTMLElement | null = null;

  async function unmount() {
    await act(async () => root?.unmount());
    root = null;
    host?.remove();
    host = null;
  }

  beforeAll(() => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
  });
  afterEach(unmount);

  return {
    async render(node: ReactNode): Promise<HTMLElement> {
      if (root) await unmount();
      const mounted = document.createElement("div");
      document.body.append(mounted);
      host = mounted;
      root = createRoot(mounted);
      await act(async () => root?.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
      return mounted;
    },
    unmount,
    /** The mounted host; throws before `render`. */
    host(): HTMLElement {
      if (!host) throw new Error("nothing rendered");
      return host;
    },
    /** The host's text with whitespace runs folded to one space. */
    text(): string {
      return (host?.textContent ?? "").replace(/\s+/g, " ").trim();
    },
  };
}
