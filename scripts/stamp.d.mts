export function inputsHash(root: string): Promise<string>;
export function currentBuild(root: string): Promise<string | undefined>;
export function writeStamp(root: string, hash: string): Promise<void>;
