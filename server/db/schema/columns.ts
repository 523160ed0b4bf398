import { timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const modifiedAt = () =>
  timestamp("modified", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
