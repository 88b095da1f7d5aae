/** docs/rules.md "Pages": page title template; the site name is LOTTOUP unless the domain's site detail names it. */
export const SITE_NAME = "LOTTOUP";
export const TITLE_TEMPLATE = "%s - LOTTOUP";

export function formatPageTitle(pageTitle: string | null | undefined, siteName: string = SITE_NAME): string {
  const title = pageTitle?.trim();
  const name = siteName.trim() || SITE_NAME;
  return title ? TITLE_TEMPLATE.replace("LOTTOUP", name).replace("%s", title) : name;
}
