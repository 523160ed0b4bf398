/** What other modules may use of publishing: a target's live publications, and removing them with the target. */
export {
  deleteAllOfTarget,
  insertApply,
  insertPublished,
  type PublishedRow,
  publishedOfTarget,
  publishedOfTargets,
  visibleScope,
} from "./repo";
