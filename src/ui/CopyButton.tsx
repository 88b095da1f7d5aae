import { Trans, useLingui } from "@lingui/react/macro";
import { showSnackbar } from "./snackbar.ts";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older in-app browsers: the selection-and-copy command still works there.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** A button that copies a value (account number, amount, address, receipt) and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button button-small copy-button"
      aria-label={label}
      onClick={async () => {
        const ok = await copyText(value);
        showSnackbar(
          ok
            ? { txt: t`Copied: ${value}`, color: "success" }
            : { txt: t`Could not copy. Please select the text and copy it.`, color: "error" },
        );
      }}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M8 8h11v13H8zM5 16H4V3h11v1"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <Trans>Copy</Trans>
    </button>
  );
}
