/** The assistant module's request schemas live in the shared contract. */
export * from "#contract/api/assistant";
