/** The conversation module's request schemas live in the shared contract. */
export * from "#contract/api/conversation";
