import type { BuildOptions, Plugin } from "esbuild";

export const serverBundle: BuildOptions;
export const keepSourceUrl: Plugin;
