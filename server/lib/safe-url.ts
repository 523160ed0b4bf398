/** The link rule lives in the contract, so the web's forms apply the same one. */
export { isSafeUrl, requiredSafeUrl, safeUrl } from "#contract/safe-url";
