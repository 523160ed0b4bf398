import type { MenuEntry } from "../components/ui/menu";

/** The page that manages an agent's temporary chat links (app/routes/agent-temp-links.tsx). */
export const tempLinksPath = (spaceId: number, agentId: number) => `/space/${spaceId}/agent/${agentId}/temp-links`;

/**
 * The 临时会话 item of an agent's card menu (reference §4): offer it when the agent's `permissions` include
 * "TempChat". A plain link, so it works without JavaScript.
 */
export const tempLinksMenuEntry = (spaceId: number, agentId: number): MenuEntry => ({
  kind: "link",
  key: "temp-chat",
  label: "临时会话",
  to: tempLinksPath(spaceId, agentId),
});
