/** The agent module's request schemas live in the shared contract. */
export * from "#contract/api/agent";
