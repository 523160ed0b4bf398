/**
 * The one outbound HTTP client for addresses a user can influence (model base URLs, plugins, HTTP nodes, document
 * URLs, image proxy). See docs/decisions/0008 for why it is built on node:http with a pinned lookup, and 0027 for
 * the Node-level call the model stream reads.
 */
export { addressAllowed, blockedRange, type EgressAllow, parseEgressAllow } from "./address";
export type { BodyChunks } from "./body";
export { EgressError, isEgressError } from "./errors";
export { guardedFetch } from "./fetch";
export { checkTarget, type Resolver } from "./guard";
export { type EgressLimits, type EgressRequestInit, type EgressResponse, guardedRequest } from "./request";
