import type { categories, squareAgents } from "../../../server/modules/publish/square-service";

export type SquarePage = Awaited<ReturnType<typeof squareAgents>>;
export type SquareAgent = SquarePage["records"][number];
export type SquareCategory = ReturnType<typeof categories>[number];
