import type { endpoints } from "#contract/api";
import type { z } from "#contract/zod";

type Response<E extends { response: z.ZodType }> = z.infer<E["response"]>;

export type SquarePage = Response<typeof endpoints.publish.squareAgents>;
export type SquareAgent = SquarePage["records"][number];
export type CategoryTree = Response<typeof endpoints.publish.categories>;
export type SquareCategory = CategoryTree[number]["children"][number];

/** The categories offered for one kind (the API answers one branch per kind). */
export function categoriesOf(tree: CategoryTree, type: CategoryTree[number]["type"] = "Agent"): SquareCategory[] {
  return tree.find((branch) => branch.type === type)?.children ?? [];
}
