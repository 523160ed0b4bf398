import type { Logger } from "pino";
import type { Config } from "../config";
import type { Db } from "../db/client";

/** What every service needs; built once in main.ts (or per test file) and passed down explicitly. */
export interface Deps {
  config: Config;
  db: Db;
  log: Logger;
}

/** The signed-in caller, as resolved from the token by the auth middleware. */
export interface Actor {
  userId: number;
  tenantId: number;
  role: "Admin" | "User";
  userName: string;
  tokenHash: string;
  /** The session's token row, which keys its event queue. */
  tokenId: number;
}
