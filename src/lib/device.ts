/** Mobile layout follows the device type (docs/rules.md "Pages"), not the window width. */
export function isMobileUserAgent(userAgent: string, uaDataMobile?: boolean): boolean {
  if (uaDataMobile !== undefined) return uaDataMobile;
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|BlackBerry|webOS/i.test(userAgent);
}

export function detectMobile(): boolean {
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return isMobileUserAgent(navigator.userAgent, uaData?.mobile);
}

/** docs/rules.md "Timings": no prefetching on 2g or with data saver on. */
export function prefetchAllowed(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

export function isStandalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
