import type { AgentDto } from "#contract/api/agent-dto";
import { DebugChat } from "../chat/debug-chat";

/** The editor's right-hand column: the debug chat with the current draft (a devMode conversation). */
export function DebugPane({ agent }: { agent: AgentDto }) {
  return <DebugChat agentId={agent.id} />;
}
