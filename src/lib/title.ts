/** SPEC.md section 9: page title template. */
export const TITLE_TEMPLATE = "%s - LOTTOUP";

export function formatPageTitle(pageTitle: string | null | undefined): string {
  const title = pageTitle?.trim();
  return title ? TITLE_TEMPLATE.replace("%s", title) : "LOTTOUP";
}
