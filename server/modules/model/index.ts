/** What other modules may use of models: reading one (to run it), a space's own models, and seeding the built-in. */
export { findModel, insertModel, listSpaceOwnModels, type ModelRow } from "./repo";
