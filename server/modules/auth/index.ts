/** What other modules may use of accounts: reading a user, and the writes user administration makes. */
export { deleteUserTokens, findUserById, isFieldTaken, type NewUser, type UserRow, updateUser } from "./repo";
