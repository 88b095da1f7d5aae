/**
 * Whether another site's page frames this one. There the browser neither stores nor sends the session cookies
 * (`SameSite=Strict`, docs/security.md "Where the tokens live"), so a login in the frame cannot hold: the
 * embeddable login hands the player to LOTTOUP's own page instead. Reading a cross-origin parent's location throws,
 * which is the signal; a frame of our own origin (the lobby's) is not "another site".
 */
export function framedByAnotherSite(view: Window = window): boolean {
  if (view.top === null || view.top === view.self) return false;
  try {
    return view.top.location.origin !== view.location.origin;
  } catch {
    return true;
  }
}
