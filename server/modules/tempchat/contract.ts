/** The temporary chat's request schemas live in the shared contract. */
export * from "#contract/api/tempchat";
