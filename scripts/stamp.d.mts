export function inputsHash(root: string, files?: string[]): Promise<string>;
export function currentBuild(root: string): Promise<string | undefined>;
export function writeStamp(root: string, hash: string, extra?: { builtAt?: string; metadata?: string }): Promise<void>;
