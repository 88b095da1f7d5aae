// Entry of the number-sets feature: the member's saved sets, and the tools the routes put into lotto's builder
// and slip list.
export { NumberSetsPage } from "./NumberSetsPage.tsx";
export { BuilderSetTools, PoySetTools } from "./SetTools.tsx";
