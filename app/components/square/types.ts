import type { endpoints } from "#contract/api";
import type { z } from "#contract/zod";

type Response<E extends { response: z.ZodType }> = z.infer<E["response"]>;

export type SquarePage = Response<typeof endpoints.publish.squareAgents>;
export type SquareAgent = SquarePage["records"][number];

/** What a square card shows and acts on (the square's loader sends only these of each publication). */
export type SquareCardData = Pick<SquareAgent, "id" | "targetId" | "name" | "description" | "icon" | "collect"> & {
  publishUser: Pick<NonNullable<SquareAgent["publishUser"]>, "nickName" | "userName"> | null;
  statistics: Pick<SquareAgent["statistics"], "convCount" | "collectCount">;
};

export const squareCardData = (a: SquareAgent): SquareCardData => ({
  id: a.id,
  targetId: a.targetId,
  name: a.name,
  description: a.description,
  icon: a.icon,
  collect: a.collect,
  publishUser: a.publishUser ? { nickName: a.publishUser.nickName, userName: a.publishUser.userName } : null,
  statistics: { convCount: a.statistics.convCount, collectCount: a.statistics.collectCount },
});
export type CategoryTree = Response<typeof endpoints.publish.categories>;
export type SquareCategory = CategoryTree[number]["children"][number];

/** The categories offered for one kind (the API answers one branch per kind). */
export function categoriesOf(tree: CategoryTree, type: CategoryTree[number]["type"] = "Agent"): SquareCategory[] {
  return tree.find((branch) => branch.type === type)?.children ?? [];
}
