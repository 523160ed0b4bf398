import { Send } from "lucide-react";
import { Link } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClass } from "../ui/button";

interface PublishButtonProps {
  spaceId: number;
  agentId: number;
  /** From the agent's `permissions` (contains "Publish"); without it the button is shown disabled. */
  canPublish?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** "records" jumps to the publication list (where 下架 is), e.g. from an agent card's menu. */
  section?: "form" | "records";
  label?: string;
}

/**
 * 发布 for the agent editor and the develop list: a link to /space/:spaceId/agent/:agentId/publish, the page
 * that applies, lists the publications and takes them off (works without JavaScript).
 */
export function PublishButton({
  spaceId,
  agentId,
  canPublish = true,
  variant = "primary",
  size = "md",
  section = "form",
  label = "发布",
}: PublishButtonProps) {
  if (!canPublish) {
    return (
      <button type="button" disabled title="没有发布权限" className={buttonClass(variant, size)}>
        <Send className="size-4" aria-hidden />
        {label}
      </button>
    );
  }
  const href = `/space/${spaceId}/agent/${agentId}/publish${section === "records" ? "#publish-records" : ""}`;
  return (
    <Link to={href} className={buttonClass(variant, size)}>
      <Send className="size-4" aria-hidden />
      {label}
    </Link>
  );
}
