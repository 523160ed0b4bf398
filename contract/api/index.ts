import { agent } from "./agent";
import { agentExport } from "./agent-export";
import { assistant } from "./assistant";
import { auth } from "./auth";
import { component } from "./component";
import { conversation } from "./conversation";
import { elsewhere } from "./elsewhere";
import type { Endpoint } from "./endpoint";
import { favourite } from "./favourite";
import { file } from "./file";
import { icons } from "./icons";
import { knowledge } from "./knowledge";
import { logPlatform } from "./log-platform";
import { memory } from "./memory";
import { model } from "./model";
import { notify } from "./notify";
import { plugin } from "./plugin";
import { publish } from "./publish";
import { space } from "./space";
import { system } from "./system";
import { table } from "./table";
import { task } from "./task";
import { tempchat } from "./tempchat";
import { tenant } from "./tenant";
import { trigger } from "./trigger";
import { workflow } from "./workflow";

export { type Endpoint, endpoint, pathOf, type ResponseOf } from "./endpoint";

/** Every endpoint of the API, by module: the server validates with these schemas and the web calls by them. */
export const endpoints = {
  agent,
  agentExport,
  assistant,
  auth,
  component,
  conversation,
  elsewhere,
  favourite,
  file,
  icons,
  knowledge,
  logPlatform,
  memory,
  model,
  notify,
  plugin,
  publish,
  space,
  system,
  table,
  task,
  tempchat,
  tenant,
  trigger,
  workflow,
};

/** The table as a flat list, each entry named "module.name" (for tests that walk every endpoint). */
export const endpointList: (Endpoint & { name: string })[] = Object.entries(endpoints).flatMap(([module, table]) =>
  Object.entries(table as Record<string, Endpoint>).map(([name, e]) => ({ ...e, name: `${module}.${name}` })),
);
