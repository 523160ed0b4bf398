import type { endpoints } from "#contract/api";
import type { z } from "#contract/zod";

type Response<E extends { response: z.ZodType }> = z.infer<E["response"]>;

export type SquarePage = Response<typeof endpoints.publish.squareAgents>;
export type SquareAgent = SquarePage["records"][number];
export type SquareCategory = Response<typeof endpoints.publish.categories>[number];
