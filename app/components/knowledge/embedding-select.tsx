import type { SelectOption } from "#app/components/ui/select";

export interface EmbeddingModel {
  id: number;
  name: string;
  builtin?: boolean;
  enabled?: number;
}

// The built-in model says so in its own name ("内置…（离线）").
const labelOf = (m: EmbeddingModel) => m.name;

/**
 * The embedding model choices: "" first, meaning the tenant's default (named when it is set), then every
 * enabled Embeddings model the space may use. `current` is kept even if the space can no longer use it.
 */
export function embeddingOptions(
  models: readonly EmbeddingModel[],
  defaultId: number | null,
  current?: { id: number; name: string },
): SelectOption[] {
  const usable = models.filter((m) => m.enabled !== 0);
  const fallback = usable.find((m) => m.id === defaultId) ?? usable.find((m) => m.builtin);
  const options = usable.map((m) => ({ value: String(m.id), label: labelOf(m) }));
  if (current && !usable.some((m) => m.id === current.id))
    options.unshift({ value: String(current.id), label: `${current.name}（当前空间不可用）` });
  if (current) return options;
  return [{ value: "", label: fallback ? `默认（${labelOf(fallback)}）` : "默认" }, ...options];
}
