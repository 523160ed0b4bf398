import { clsx } from "clsx";
import { imageSrc } from "#app/lib/image-src";

const sizes = { sm: "size-7 text-xs", md: "size-9 text-sm", lg: "size-14 text-xl" } as const;

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
}

/** The user's picture, or the first character of their name on a tinted circle. */
export function Avatar({ name, src, size = "md" }: AvatarProps) {
  const className = clsx("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full", sizes[size]);
  const shown = imageSrc(src);
  if (shown) return <img src={shown} alt="" className={clsx(className, "object-cover")} />;
  return (
    <span aria-hidden className={clsx(className, "bg-primary-100 font-semibold text-primary-700")}>
      {Array.from(name.trim())[0]?.toUpperCase() ?? "?"}
    </span>
  );
}
