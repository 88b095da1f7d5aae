import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { siteDetailAtom } from "../features/site/site.ts";
import { formatPageTitle } from "../lib/title.ts";

export function usePageTitle(title: string): void {
  const siteName = useAtomValue(siteDetailAtom)?.title;
  useEffect(() => {
    document.title = formatPageTitle(title, siteName);
  }, [title, siteName]);
}
