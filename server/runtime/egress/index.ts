/**
 * The one outbound HTTP client for addresses a user can influence (model base URLs today; plugins, HTTP
 * nodes and document URLs later). See docs/decisions/ for why it is built on node:http with a pinned lookup.
 */
export { addressAllowed, blockedRange, type EgressAllow, parseEgressAllow } from "./address";
export { EgressError, isEgressError } from "./errors";
export { type EgressLimits, guardedFetch } from "./fetch";
export { checkTarget, type Resolver } from "./guard";
