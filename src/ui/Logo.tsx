export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f1e3d" />
      <circle cx="32" cy="32" r="21" fill="#f5b301" />
      <circle cx="32" cy="32" r="15" fill="#0f1e3d" />
      <path d="M25 39 L32 22 L39 39 Z" fill="#f5b301" />
    </svg>
  );
}
