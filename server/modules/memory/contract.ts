/** The memory module's request schemas live in the shared contract. */
export * from "#contract/api/memory";
