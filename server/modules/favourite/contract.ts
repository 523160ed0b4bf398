/** The favourites' request schemas live in the shared contract. */
export * from "#contract/api/favourite";
