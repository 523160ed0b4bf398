import { clsx } from "clsx";
import { imageSrc } from "#app/lib/image-src";

const sizes = { sm: "size-8 text-sm", md: "size-11 text-lg", lg: "size-16 text-2xl" } as const;

interface AgentIconProps {
  name: string;
  icon?: string | null;
  size?: keyof typeof sizes;
}

/** The agent's picture, or the first character of its name on a tinted square. */
export function AgentIcon({ name, icon, size = "md" }: AgentIconProps) {
  const className = clsx("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-lg", sizes[size]);
  const shown = imageSrc(icon);
  if (shown) return <img src={shown} alt="" className={clsx(className, "object-cover")} />;
  return (
    <span aria-hidden className={clsx(className, "bg-primary-100 font-semibold text-primary-700")}>
      {Array.from(name.trim())[0]?.toUpperCase() ?? "?"}
    </span>
  );
}
