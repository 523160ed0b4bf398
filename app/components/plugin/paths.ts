/** The page of a plugin: HTTP plugins at /plugin/:id, code plugins at /plugin/:id/cloud-tool. */
export const pluginPath = (plugin: { id: number; spaceId: number; type: string | null | undefined }) =>
  `/space/${plugin.spaceId}/plugin/${plugin.id}${plugin.type === "CODE" ? "/cloud-tool" : ""}`;
