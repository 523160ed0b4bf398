/** The model module's request schemas live in the shared contract. */
export * from "#contract/api/model";
