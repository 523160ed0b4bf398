export * from "./agent";
export * from "./conversation";
export * from "./model";
export * from "./publish";
export * from "./space";
export * from "./tenant";
export * from "./user";
