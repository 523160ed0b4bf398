/**
 * The canvas as the workflow route imports it. Only the browser renders it (inside <ClientOnly>), and as a
 * `.client` module it is left out of the server's page bundle: a start no longer loads @xyflow/react and the
 * editor's code for pages that never draw them.
 */
export { WorkflowEditor } from "./editor";
