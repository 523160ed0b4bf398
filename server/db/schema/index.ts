export * from "./agent";
export * from "./conversation";
export * from "./model";
export * from "./plugin";
export * from "./publish";
export * from "./space";
export * from "./tenant";
export * from "./user";
