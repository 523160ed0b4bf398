/** The password rule lives in the contract, so the web's forms apply the same one. */
export { isCommonPassword, newPassword, PASSWORD_MIN_LENGTH } from "#contract/password";
