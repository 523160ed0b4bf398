import type { ComponentType } from "react";
import type { ComponentDto } from "#contract/api/agent-dto";
import type { BindableType } from "./component-section";
import { TableSettings } from "./table-settings";
import { ToolSettings } from "./tool-settings";

export interface KindSettingsProps {
  spaceId: number;
  agentId: number;
  /** The agent's components of the kind. */
  bound: ComponentDto[];
}

/**
 * Each bindable kind's settings under its section in the agent editor, in one place: a new kind adds a line here
 * instead of another branch in the config column. Knowledge bases keep theirs inline on each bound item.
 */
export const kindSettings: Partial<Record<BindableType, ComponentType<KindSettingsProps>>> = {
  Plugin: (props) => <ToolSettings type="Plugin" {...props} />,
  Workflow: (props) => <ToolSettings type="Workflow" {...props} />,
  Table: TableSettings,
};
