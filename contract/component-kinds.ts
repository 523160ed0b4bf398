import { type ComponentType, componentTypes, type PublishTargetType } from "./enums";

/**
 * What a component kind is, without its settings schema: the web's labels, icons and menus read this module, so a
 * page that only shows a kind's name does not bring zod to the browser. contract/components.ts adds the schemas.
 */
export interface ComponentKindFacts<T extends ComponentType = ComponentType> {
  type: T;
  /** The Chinese name shown in the editor, the library and messages ("插件不存在…"). */
  label: string;
  /** A lucide icon name, for the web. */
  icon: string;
  /** Made with the agent and unique on it (never added or deleted by hand). */
  singleton: boolean;
  /** Publishable on its own to the square (and so a publish target type). */
  publishable: boolean;
  /** Invoked by the model as a tool (honours the invocation modes). */
  tool: boolean;
}

const facts = <T extends ComponentType>(k: ComponentKindFacts<T>) => k;

export const componentKindFacts = {
  Plugin: facts({ type: "Plugin", label: "插件", icon: "Puzzle", singleton: false, publishable: true, tool: true }),
  Workflow: facts({
    type: "Workflow",
    label: "工作流",
    icon: "Workflow",
    singleton: false,
    publishable: true,
    tool: true,
  }),
  Trigger: facts({
    type: "Trigger",
    label: "触发器",
    icon: "AlarmClock",
    singleton: false,
    publishable: false,
    tool: false,
  }),
  Knowledge: facts({
    type: "Knowledge",
    label: "知识库",
    icon: "BookOpen",
    singleton: false,
    publishable: false,
    tool: true,
  }),
  Variable: facts({
    type: "Variable",
    label: "变量",
    icon: "Braces",
    singleton: true,
    publishable: false,
    tool: false,
  }),
  Table: facts({ type: "Table", label: "数据表", icon: "Table", singleton: false, publishable: false, tool: true }),
  Model: facts({ type: "Model", label: "模型", icon: "Cpu", singleton: true, publishable: false, tool: false }),
  Agent: facts({ type: "Agent", label: "智能体", icon: "Bot", singleton: false, publishable: true, tool: true }),
} satisfies { [K in ComponentType]: { type: K } };

/** The kinds that can be published to the square, in the order the square lists them. */
export const publishableKinds = componentTypes.filter((t): t is PublishTargetType => componentKindFacts[t].publishable);
