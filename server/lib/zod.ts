/** The contract's zod, configured with Chinese messages, and its shared field helpers. */
export { configureZod, flag01, id, shortText, z } from "#contract/zod";
