/** The preset avatars a member can choose (the value stored is the id). */
export const AVATAR_PRESETS = [
  { id: "avatar-1", color: "#c62828" },
  { id: "avatar-2", color: "#ad1457" },
  { id: "avatar-3", color: "#6a1b9a" },
  { id: "avatar-4", color: "#1565c0" },
  { id: "avatar-5", color: "#00796b" },
  { id: "avatar-6", color: "#ef6c00" },
] as const;

export type AvatarPresetId = (typeof AVATAR_PRESETS)[number]["id"];

export function avatarPreset(avatar: string | null | undefined) {
  return AVATAR_PRESETS.find((preset) => preset.id === avatar) ?? null;
}

/** An uploaded picture (https URL or a path on this site), as opposed to a preset id or nothing. */
function isPictureUrl(avatar: string | null | undefined): avatar is string {
  return !!avatar && (avatar.startsWith("https://") || (avatar.startsWith("/") && !avatar.startsWith("//")));
}

/**
 * The member's avatar: their picture when it is a URL, otherwise the first letter of their name in a circle
 * (coloured by the preset when one is chosen). Decorative: the name is always shown next to it.
 */
export function Avatar({
  avatar,
  name,
  large = false,
}: {
  avatar: string | null | undefined;
  name: string;
  large?: boolean;
}) {
  const className = large ? "avatar avatar-large" : "avatar";
  if (isPictureUrl(avatar)) return <img className={className} src={avatar} alt="" aria-hidden="true" />;
  const preset = avatarPreset(avatar);
  return (
    <span
      className={className}
      aria-hidden="true"
      style={preset ? { backgroundColor: preset.color, color: "#fff" } : undefined}
    >
      {[...name.trim()][0]?.toUpperCase() ?? "?"}
    </span>
  );
}
