import { pageSchema } from "../page";
import { id, z } from "../zod";
import { endpoint } from "./endpoint";

/**
 * Lists the original web client loads for features this product does not have (MCP services, custom pages, the
 * ecosystem market). They answer an empty list in the client's shape so its pages show their empty state instead
 * of an error; authorisation is the same as for a real list of that kind.
 */
export const customPageListQuery = z.object({ spaceId: id() });
export const ecoMarketListInput = z.object({
  queryFilter: z
    .object({
      dataType: z.number().int().optional(),
      subTabType: z.number().int().optional(),
      name: z.string().max(200, "最多 200 个字符").optional(),
    })
    .optional(),
  current: z.number().int().min(1, "必须是正整数").max(100_000).default(1),
  pageSize: z.number().int().min(1, "必须在 1 到 100 之间").max(100, "必须在 1 到 100 之间").default(10),
});

export type EcoMarketListInput = z.infer<typeof ecoMarketListInput>;

const nothingListed = z.array(z.never());

export const elsewhere = {
  mcpList: endpoint({ method: "GET", path: "/api/mcp/list/:spaceId", response: nothingListed }),
  customPageList: endpoint({
    method: "GET",
    path: "/api/custom-page/list-projects",
    query: customPageListQuery,
    response: nothingListed,
  }),
  ecoMarketList: endpoint({
    method: "POST",
    path: "/api/system/eco/market/client/config/list",
    body: ecoMarketListInput,
    response: pageSchema(z.never()),
  }),
};
