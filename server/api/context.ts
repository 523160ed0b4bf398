import type { Logger } from "pino";
import type { Actor } from "../core";

export type ApiEnv = {
  Variables: {
    tid: string;
    log: Logger;
    actor: Actor | null;
    tenantId: number;
    ip: string;
  };
};
