/**
 * What other modules may use of agents: reading one, counting its use (statistics and the user's relations to it),
 * and seeding the card styles.
 */
export {
  type AgentRow,
  agentLabels,
  bumpStatistic,
  ensureCards,
  findAgent,
  findComponent,
  insertRelationOnce,
  touchRelations,
  updateAgent,
  upsertRelation,
} from "./repo";
