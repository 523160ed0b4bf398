import { iconFiles } from "../icons";
import { z } from "../zod";
import { endpoint } from "./endpoint";

export const icons = {
  /** A kind's default picture (contract/icons.ts): the SVG itself, cached a day, not an envelope; for anyone. */
  file: endpoint({
    method: "GET",
    path: "/api/icons/:file",
    params: z.object({ file: z.enum(iconFiles as [string, ...string[]], { error: "没有这个图标" }) }),
    file: true,
  }),
};
