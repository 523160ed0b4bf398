import {
  Bot,
  Braces,
  Brain,
  CircleStop,
  Code2,
  Database,
  FileText,
  Flag,
  GitBranch,
  Globe,
  type LucideIcon,
  MessageCircleQuestion,
  Play,
  Plug,
  Repeat,
  SkipForward,
  Split,
  Table2,
  Terminal,
  Type,
  Variable,
  Workflow,
} from "lucide-react";
import type { NodeType } from "#contract/workflow-nodes";

const icons: Partial<Record<NodeType, LucideIcon>> = {
  Start: Play,
  End: Flag,
  LLM: Bot,
  Plugin: Plug,
  Workflow: Workflow,
  Mcp: Terminal,
  Code: Code2,
  Condition: GitBranch,
  IntentRecognition: Split,
  Loop: Repeat,
  LoopStart: Play,
  LoopEnd: Flag,
  LoopContinue: SkipForward,
  LoopBreak: CircleStop,
  Knowledge: Database,
  Variable: Variable,
  LongTermMemory: Brain,
  TableDataAdd: Table2,
  TableDataDelete: Table2,
  TableDataUpdate: Table2,
  TableDataQuery: Table2,
  TableSQL: Table2,
  QA: MessageCircleQuestion,
  TextProcessing: Type,
  DocumentExtraction: FileText,
  HTTPRequest: Globe,
  Output: Braces,
};

/** One icon per node type, on the palette, the canvas and the outline. */
export function NodeIcon({ type, className = "size-4" }: { type: NodeType; className?: string }) {
  const Icon = icons[type] ?? Braces;
  return <Icon className={className} aria-hidden />;
}
