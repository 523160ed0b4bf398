/**
 * What other modules may use of plugins: the component-library rows, the resolver and publish adapter the
 * component registry plugs in, and the HTTP routes.
 */
export { listSpacePlugins } from "./library";
export { pluginPublishAdapter } from "./publish-adapter";
export { resolvePlugin } from "./published-service";
export { findPlugin } from "./repo";
export { pluginRoutes, publishedPluginRoutes } from "./routes";
