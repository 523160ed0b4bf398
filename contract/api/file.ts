import { z } from "../zod";
import { endpoint } from "./endpoint";

/** /api/file/*: uploads (multipart, not JSON) and signed downloads (the file itself, not an envelope). */
export const file = {
  upload: endpoint({
    method: "POST",
    path: "/api/file/upload",
    query: z.object({ chatKey: z.string().optional() }),
  }),
  download: endpoint({
    method: "GET",
    path: "/api/file/download/:key",
    params: z.object({ key: z.string() }),
    query: z.object({ exp: z.string(), sig: z.string() }),
  }),
};
