import type { BuildOptions, Plugin } from "esbuild";

export const serverBundle: BuildOptions;
export const keepSourceUrl: Plugin;
export function buildIfStale(options?: { root?: string; command?: string[] }): Promise<boolean>;
