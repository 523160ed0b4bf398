/** The tenant settings' schema lives in the shared contract. */
export * from "#contract/api/tenant";
