import type { FavouriteTool, LibraryItem } from "#app/routes/agent-editor.server";
import type { AgentDto } from "#contract/api/agent-dto";
import type { ModelDto } from "#contract/api/model-dto";
import type { TriggerStateDto } from "#contract/api/trigger";
import { TaskSection } from "../task/task-list";
import { type BindableType, ComponentSection } from "./component-section";
import { EditorSection, SectionGroup } from "./editor-section";
import { FlagForm, SuggestForm } from "./flag-sections";
import { kindSettings } from "./kind-settings";
import { ModelSettings } from "./model-settings";
import { OpeningSection } from "./opening-section";
import { ShortcutSection } from "./shortcut-section";
import { TriggerSection } from "./trigger-section";
import { VariableSection, variablesOf } from "./variable-section";

interface ConfigColumnProps {
  agent: AgentDto;
  models: ModelDto[];
  library: LibraryItem[];
  /** The caller's favourite published plugins and workflows (广场 → 收藏), offered beside the space's own. */
  favourites: Record<"Plugin" | "Workflow", FavouriteTool[]>;
  /** Whether each trigger runs, by component id. */
  triggerStates: Record<number, TriggerStateDto>;
  /** The variable whose edit form is open, and the links that open and close it. */
  variableEditing: string | null;
  variableHref: (key: string) => string;
  closeHref: string;
  /** The add-variable form failed (without JavaScript): keep it open. */
  variableAddOpen: boolean;
}

const onOff = (value: "Open" | "Close") => (value === "Open" ? "已开启" : "未开启");

/** The config sections of SPEC §3, grouped as the original editor groups them. */
export function ConfigColumn(props: ConfigColumnProps) {
  const { agent, models, library } = props;
  const components = agent.agentComponentConfigList ?? [];
  const bound = (type: BindableType | "Trigger") => components.filter((c) => c.type === type);
  const inSpace = (type: BindableType) => library.filter((item) => item.type === type);
  const variables = variablesOf(agent);
  const settingsOf = (type: BindableType) => {
    const Settings = kindSettings[type];
    return Settings ? <Settings spaceId={agent.spaceId} agentId={agent.id} bound={bound(type)} /> : null;
  };
  const bindable = (type: BindableType, title: string, hint: string) => (
    <EditorSection
      title={title}
      badge={bound(type).length || undefined}
      hint={hint}
      defaultOpen={bound(type).length > 0}
    >
      <ComponentSection
        type={type}
        bound={bound(type)}
        available={inSpace(type)}
        favourites={type === "Plugin" || type === "Workflow" ? props.favourites[type] : []}
      />
      {settingsOf(type)}
    </EditorSection>
  );

  return (
    <div className="flex flex-col gap-3">
      {agent.modelComponentConfig ? (
        <SectionGroup title="模型">
          <div className="p-4">
            <ModelSettings component={agent.modelComponentConfig} models={models} />
          </div>
        </SectionGroup>
      ) : null}
      <SectionGroup title="技能">
        {bindable("Plugin", "插件", "智能体可以调用插件完成查询、计算等任务。")}
        {bindable("Workflow", "工作流", "把固定的多步流程交给工作流执行。")}
        <EditorSection
          title="触发器"
          badge={bound("Trigger").length || undefined}
          defaultOpen={bound("Trigger").length > 0}
        >
          <TriggerSection
            managePath={`/space/${agent.spaceId}/agent/${agent.id}/triggers`}
            bound={bound("Trigger")}
            states={props.triggerStates}
            targets={library.filter((i) => i.type === "Plugin" || i.type === "Workflow")}
          />
        </EditorSection>
      </SectionGroup>
      <SectionGroup title="知识">{bindable("Knowledge", "知识库", "回答时检索知识库中的文档内容。")}</SectionGroup>
      <SectionGroup title="记忆">
        <EditorSection title="变量" badge={variables.length || undefined}>
          <VariableSection
            variables={variables}
            editing={props.variableEditing}
            editHref={props.variableHref}
            closeHref={props.closeHref}
            addOpen={props.variableAddOpen}
          />
        </EditorSection>
        {bindable("Table", "数据表", "让智能体读写结构化数据。")}
        <EditorSection
          title="长期记忆"
          badge={onOff(agent.openLongMemory)}
          hint="记住用户在对话中提到的信息，在之后的对话中使用。"
        >
          <FlagForm intent="memory" on={agent.openLongMemory === "Open"} label="开启长期记忆" />
        </EditorSection>
        <EditorSection
          title="文件盒"
          badge={onOff(agent.openFileBox)}
          hint="允许用户在对话中上传文件，并在对话中使用。"
        >
          <FlagForm intent="filebox" on={agent.openFileBox === "Open"} label="开启文件盒" />
        </EditorSection>
      </SectionGroup>
      <SectionGroup title="对话体验">
        <EditorSection title="开场白">
          <OpeningSection agent={agent} />
        </EditorSection>
        <EditorSection
          title="用户问题建议"
          badge={onOff(agent.openSuggest)}
          hint="在智能体回复后，根据 Prompt 提供多条用户提问建议"
        >
          <SuggestForm on={agent.openSuggest === "Open"} suggestPrompt={agent.suggestPrompt} />
        </EditorSection>
        <EditorSection title="快捷指令" badge={agent.shortcutInstructions.length || undefined}>
          <ShortcutSection shortcuts={agent.shortcutInstructions} />
        </EditorSection>
        <EditorSection
          title="定时任务"
          badge={onOff(agent.openScheduledTask)}
          hint="允许用户在对话中让智能体按时执行任务。"
        >
          <FlagForm intent="schedule" on={agent.openScheduledTask === "Open"} label="开启定时任务" />
          {agent.openScheduledTask === "Open" ? <TaskSection agentId={agent.id} /> : null}
        </EditorSection>
      </SectionGroup>
    </div>
  );
}
