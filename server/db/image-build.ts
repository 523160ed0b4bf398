import { writeImage } from "./image";

/** Build step (scripts/build.mjs bundles and runs this): the migrated database image under build/db-image. */
await writeImage();
