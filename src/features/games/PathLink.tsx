import { useNavigate } from "@tanstack/react-router";
import type { AnchorHTMLAttributes } from "react";

/**
 * A link to an app address built at run time (a game's launch page: its shape depends on the provider, see
 * `launchPath`): a real anchor (open in a new tab, copy), navigating inside the app on a plain click.
 */
export function PathLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate({ href });
      }}
    />
  );
}
