/** What other modules may use of spaces: a user's spaces and role in one, and the Personal space made at sign-up. */
export { findMembership, insertSpace, listSpacesOfUser, type SpaceRole, type SpaceRow } from "./repo";
