/** What other modules may use of publishing: a target's live publications, and removing them with the target. */
export { deleteAllOfTarget, type PublishedRow, publishedOfTarget } from "./repo";
