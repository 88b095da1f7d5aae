// Entry of the content feature: the landing page, the how-to guides, the maintenance page.
export { HowToGuide } from "./HowToGuide.tsx";
export { HowToIndex } from "./HowToIndex.tsx";
export type { HowtoSlug } from "./howtoGuides.ts";
export { Landing } from "./Landing.tsx";
export { MaintenancePage } from "./MaintenancePage.tsx";
