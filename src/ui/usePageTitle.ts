import { useEffect } from "react";
import { siteDetailAtom } from "../lib/site.ts";
import { useAtomValue } from "../lib/store.ts";
import { formatPageTitle } from "../lib/title.ts";

/** Sets the window's title for the page ('%s - LOTTOUP'); null leaves it to the page shown inside. */
export function usePageTitle(title: string | null): void {
  const siteName = useAtomValue(siteDetailAtom)?.title;
  useEffect(() => {
    if (title !== null) document.title = formatPageTitle(title, siteName);
  }, [title, siteName]);
}
