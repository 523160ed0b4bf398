/** The task module's request and response schemas live in the shared contract. */
export * from "#contract/api/task";
