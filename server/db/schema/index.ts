export * from "./space";
export * from "./tenant";
export * from "./user";
